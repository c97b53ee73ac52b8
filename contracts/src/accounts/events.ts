/** Roles a user may hold besides founder: operators (`admin`) and read-only ledger `auditor`s. */
export const ROLES = ['admin', 'auditor'] as const;
export type UserRole = (typeof ROLES)[number];

/** Events of the accounts module: stream `user-<userId>`. */
export type UserRegistered = {
  type: 'UserRegistered';
  data: {
    userId: string;
    email: string;
    firstName: string | null;
    lastName: string | null;
    profileImageUrl: string | null;
  };
};
export type UserDetailsChanged = {
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
export type AdminRoleGranted = { type: 'AdminRoleGranted'; data: { userId: string; grantedBy: string } };
export type RoleGranted = { type: 'RoleGranted'; data: { userId: string; role: UserRole; grantedBy: string } };
export type RoleRevoked = { type: 'RoleRevoked'; data: { userId: string; role: UserRole; revokedBy: string } };
/** Sessions end and sign-in is refused until AccountEnabled. */
export type AccountDisabled = { type: 'AccountDisabled'; data: { userId: string; reason: string; disabledBy: string } };
export type AccountEnabled = { type: 'AccountEnabled'; data: { userId: string; enabledBy: string } };
export type UserSignedIn = { type: 'UserSignedIn'; data: { userId: string } };
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
