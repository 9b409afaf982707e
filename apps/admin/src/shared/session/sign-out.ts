import { staffLogout } from '@swx/contract';
import { apiCall } from '../api/api-client';
import { sessionStore } from './session-store';

/** Ends the session on the server, then forgets the token whatever the server said. */
export async function signOut(): Promise<void> {
  try {
    await apiCall(staffLogout, { quiet: true });
  } catch {
    // An already-ended session or a network failure is no reason to stay signed in here.
  }
  sessionStore.clear();
}
