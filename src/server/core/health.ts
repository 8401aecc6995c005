// The state of one thing the site depends on (a notification channel, Redis), as GET /api/health and the
// inbox's banner report it. Here, below every feature, so each reports its own without importing another.
export type ChannelHealth = 'ok' | 'failing';
