/** One line of `npm run events:tail --format line`: time, event, page, device, session. */
export function describeCleanRecord(record: Record<string, unknown>): string {
  const text = (key: string) => (typeof record[key] === 'string' ? record[key] : '');
  const subs = ['sub1', 'sub3', 'sub4', 'sub5', 'sub6', 'sub7', 'sub8']
    .filter((key) => text(key) !== '')
    .map((key) => `${key}=${text(key)}`)
    .join(' ');
  const bot = record['is_bot'] === true ? ' bot' : '';
  return [
    text('received_at'),
    `${String(record['event_id'])}/${text('event_name') || '?'}`,
    `${text('page_path') || '-'} (${text('page_type') || '-'})`,
    `${text('device_class') || '-'}${bot}`,
    `session ${text('session_id').slice(0, 8)}`,
    subs,
  ]
    .filter(Boolean)
    .join('  ');
}
