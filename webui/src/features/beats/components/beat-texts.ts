/** What a beat without a description shows, on its page and its feed slide. */
export const NO_DESCRIPTION = 'No description provided.';
