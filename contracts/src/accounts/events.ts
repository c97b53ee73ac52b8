/** Events of the accounts module: stream `user-<userId>`. */
export type UserRegistered = { type: 'UserRegistered'; data: { userId: string; email: string; firstName: string | null; lastName: string | null; profileImageUrl: string | null } };
export type UserDetailsChanged = { type: 'UserDetailsChanged'; data: { userId: string; email: string; firstName: string | null; lastName: string | null; profileImageUrl: string | null } };
export type AdminRoleGranted = { type: 'AdminRoleGranted'; data: { userId: string; grantedBy: string } };
export type AccountEvent = UserRegistered | UserDetailsChanged | AdminRoleGranted;
export const ACCOUNT_EVENT_TYPES = ['UserRegistered', 'UserDetailsChanged', 'AdminRoleGranted'] as const;
export const userStream = (userId: string) => `user-${userId}`;
