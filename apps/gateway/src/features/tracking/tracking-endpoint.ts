/** Where the browser's tracker sends its events (POST, JSON): the tracker and the handler share it. */
export const TRACKING_EVENTS_PATH = '/api/event';
