import { everyRole, withoutSignIn, type AuthzRow } from './matrix.ts';

// Rows for what a signed-in person does to their own account (not to a publisher).

export const accountRows: AuthzRow[] = [
  {
    route: 'POST /users/sign-out-everywhere',
    note: 'any signed-in account, a banned one too (it only ends its own sessions)',
    request: () => ({ method: 'POST', path: '/users/sign-out-everywhere' }),
    expect: withoutSignIn(everyRole(204)),
  },
];
