/** Main → renderer push channel: its name only, so the sandboxed preload can bundle it without the table. */
export const EVENT_CHANNEL_NAME = 'cabinet:event';
