/** The call's token on its page: the address's last part (`/meeting/<token>`, `/bg/meeting/<token>`). */
export const meetingTokenOfPage = (): string => window.location.pathname.split('/').filter(Boolean).pop() ?? '';
