'use strict';
// Turns the children's output into one stream: readable lines prefixed with the process name, or
// (--json) one JSON object per line so the whole stack can be piped into jq or a log shipper.

const PINO_LEVELS = /** @type {Record<number, string>} */ ({
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
});

const ANSI = {
  reset: '\u001b[0m',
  dim: '\u001b[2m',
  red: '\u001b[31m',
  green: '\u001b[32m',
  yellow: '\u001b[33m',
  blue: '\u001b[34m',
  magenta: '\u001b[35m',
  cyan: '\u001b[36m',
  gray: '\u001b[90m',
};

const LEVEL_COLORS = /** @type {Record<string, string>} */ ({
  trace: ANSI.gray,
  debug: ANSI.blue,
  info: ANSI.green,
  warn: ANSI.yellow,
  error: ANSI.red,
  fatal: ANSI.magenta,
});

const NAME_COLORS = [ANSI.cyan, ANSI.magenta, ANSI.blue, ANSI.yellow, ANSI.green, ANSI.red, ANSI.gray];

/** Fields shown elsewhere on the line, or too noisy for a terminal. */
const HIDDEN_FIELDS = new Set([
  'time',
  'level',
  'msg',
  'service',
  'pid',
  'hostname',
  'trace_id',
  'span_id',
  'err',
  'v',
]);

const NAME_WIDTH = 8;

/**
 * @typedef {{ json: boolean, color: boolean, nameIndex?: number }} FormatOptions
 * @typedef {'stdout' | 'stderr'} StreamName
 */

/** @param {string} line @returns {Record<string, unknown> | undefined} */
function parseJsonObject(line) {
  if (!line.startsWith('{')) return undefined;
  try {
    const value = /** @type {unknown} */ (JSON.parse(line));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? /** @type {Record<string, unknown>} */ (value)
      : undefined;
  } catch {
    return undefined;
  }
}

/** @param {unknown} level @param {StreamName} stream */
function levelName(level, stream) {
  if (typeof level === 'string') return level.toLowerCase();
  if (typeof level === 'number') return PINO_LEVELS[level] ?? String(level);
  return stream === 'stderr' ? 'error' : 'info';
}

/** @param {unknown} time */
function clock(time) {
  const date = typeof time === 'string' || typeof time === 'number' ? new Date(time) : new Date();
  const valid = Number.isNaN(date.getTime()) ? new Date() : date;
  return valid.toTimeString().slice(0, 8) + '.' + String(valid.getMilliseconds()).padStart(3, '0');
}

/** @param {unknown} value */
function renderValue(value) {
  if (typeof value === 'string') return /[\s="]/.test(value) || value === '' ? JSON.stringify(value) : value;
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}

/** @param {string} code @param {string} text @param {boolean} color */
const paint = (code, text, color) => (color ? `${code}${text}${ANSI.reset}` : text);

/**
 * Formats one line a child wrote.
 * @param {string} name process name
 * @param {string} line the line without its newline
 * @param {StreamName} stream where the child wrote it
 * @param {FormatOptions} options
 * @returns {string}
 */
function formatLine(name, line, stream, options) {
  const record = parseJsonObject(line);
  if (options.json) {
    if (record) return line;
    // Output that bypassed the logger (a crash trace, a Node warning) still becomes valid JSON.
    return JSON.stringify({
      time: new Date().toISOString(),
      level: stream === 'stderr' ? 'error' : 'info',
      service: name,
      msg: line,
    });
  }

  const nameColor = NAME_COLORS[(options.nameIndex ?? 0) % NAME_COLORS.length] ?? ANSI.cyan;
  const prefix =
    paint(nameColor, name.padEnd(NAME_WIDTH), options.color) + paint(ANSI.dim, ' │ ', options.color);
  if (!record) return prefix + line;

  const level = levelName(record.level, stream);
  const head =
    paint(ANSI.dim, clock(record.time), options.color) +
    ' ' +
    paint(LEVEL_COLORS[level] ?? '', level.toUpperCase().padEnd(5), options.color);
  const fields = Object.entries(record)
    .filter(([key]) => !HIDDEN_FIELDS.has(key))
    .map(([key, value]) => `${paint(ANSI.dim, key + '=', options.color)}${renderValue(value)}`);
  const message = typeof record.msg === 'string' ? record.msg : '';
  let text = `${prefix}${head} ${[message, ...fields].filter(Boolean).join(' ')}`;

  const err = record.err;
  if (err && typeof err === 'object') {
    const { message: errMessage, stack } = /** @type {{ message?: unknown, stack?: unknown }} */ (err);
    const detail =
      typeof stack === 'string' ? stack : typeof errMessage === 'string' ? errMessage : JSON.stringify(err);
    for (const stackLine of detail.split('\n')) text += `\n${prefix}    ${stackLine}`;
  }
  return text;
}

/**
 * A line written by the start script itself, in the same shape as the children's pino lines.
 * @param {'info' | 'warn' | 'error'} level
 * @param {string} msg
 * @param {Record<string, unknown>} [fields]
 * @returns {string}
 */
function ownRecord(level, msg, fields = {}) {
  return JSON.stringify({ time: new Date().toISOString(), level, service: 'start', msg, ...fields });
}

/** Keeps the last lines of a child's output, for the message shown when it dies. */
class RecentLines {
  /** @param {number} capacity */
  constructor(capacity) {
    this.capacity = capacity;
    /** @type {string[]} */
    this.lines = [];
  }

  /** @param {string} line */
  push(line) {
    this.lines.push(line);
    if (this.lines.length > this.capacity) this.lines.splice(0, this.lines.length - this.capacity);
  }

  /** @returns {string[]} */
  snapshot() {
    return [...this.lines];
  }
}

module.exports = { formatLine, ownRecord, RecentLines, parseJsonObject };
