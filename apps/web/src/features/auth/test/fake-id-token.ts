function base64url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT with these claims: enough for the client, which only reads the nonce. */
export function fakeIdToken(claims: Record<string, unknown>): string {
  return `${base64url(JSON.stringify({ alg: 'RS256', kid: 'k1' }))}.${base64url(JSON.stringify(claims))}.c2lnbmF0dXJl`;
}
