/** Roles a user may hold besides founder: operators (`admin`) and read-only ledger `auditor`s. */
export const ROLES = ['admin', 'auditor'] as const;
export type UserRole = (typeof ROLES)[number];

/** Events of the accounts module: stream `user-<userId>`. */
type UserRegistered = {
  type: 'UserRegistered';
  data: {
    userId: string;
    email: string;
    firstName: string | null;
    lastName: string | null;
    profileImageUrl: string | null;
  };
};
type UserDetailsChanged = {
  type: 'UserDetailsChanged';
  data: {
    userId: string;
    email: string;
    firstName: string | null;
    lastName: string | null;
    profileImageUrl: string | null;
  };
};
/** The admin grant as first recorded (before roles were general); read as RoleGranted admin. */
type AdminRoleGranted = { type: 'AdminRoleGranted'; data: { userId: string; grantedBy: string } };
type RoleGranted = { type: 'RoleGranted'; data: { userId: string; role: UserRole; grantedBy: string } };
type RoleRevoked = { type: 'RoleRevoked'; data: { userId: string; role: UserRole; revokedBy: string } };
/** Sessions end and sign-in is refused until AccountEnabled. */
type AccountDisabled = { type: 'AccountDisabled'; data: { userId: string; reason: string; disabledBy: string } };
type AccountEnabled = { type: 'AccountEnabled'; data: { userId: string; enabledBy: string } };
type UserSignedIn = { type: 'UserSignedIn'; data: { userId: string } };
export type AccountEvent =
  | UserRegistered
  | UserDetailsChanged
  | AdminRoleGranted
  | RoleGranted
  | RoleRevoked
  | AccountDisabled
  | AccountEnabled
  | UserSignedIn;
export const ACCOUNT_EVENT_TYPES = [
  'UserRegistered',
  'UserDetailsChanged',
  'AdminRoleGranted',
  'RoleGranted',
  'RoleRevoked',
  'AccountDisabled',
  'AccountEnabled',
  'UserSignedIn',
] as const;
export const userStream = (userId: string) => `user-${userId}`;
