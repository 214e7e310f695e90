/**
 * The built-in provider's accounts: made-up people for development, tests and trying Blockyard
 * out. They have no passwords (anyone who can reach the sign-in page can be any of them), which
 * is why the local provider is on by default only when the server listens on this computer.
 */
export interface DemoUser {
  /** The subject the provider vouches for. */
  id: string;
  name: string;
  username: string;
  /** A colour for the picker's initial badge. */
  colour: string;
}

export const demoUsers: readonly DemoUser[] = [
  { id: 'demo-ada', name: 'Ada Lovelace', username: 'ada', colour: '#6d28d9' },
  { id: 'demo-grace', name: 'Grace Hopper', username: 'grace', colour: '#0f766e' },
  { id: 'demo-alan', name: 'Alan Turing', username: 'alan', colour: '#b45309' },
  { id: 'demo-katherine', name: 'Katherine Johnson', username: 'katherine', colour: '#be123c' },
];

export function findDemoUser(id: string): DemoUser | undefined {
  return demoUsers.find((user) => user.id === id);
}
