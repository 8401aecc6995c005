// Vapi's API host when the deployment names none (VAPI_API_URL): the chat posts to it, and the pages'
// Content-Security-Policy allows it. Its own module, so only the chat's lazily loaded code carries it.
export const VAPI_DEFAULT_API_URL = 'https://api.vapi.ai';
