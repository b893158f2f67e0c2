/** The API URL every test configures Amplify REST with. */
export const TEST_API_URL = 'http://localhost:3000/api';
