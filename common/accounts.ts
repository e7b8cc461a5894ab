// Roles and account states: one list for the database, the services, the scripts and the pages.
export const USER_ROLES = ['member', 'moderator', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** suspended: may sign in and read, may not publish or edit until `suspendedUntil`; banned: may not sign in. */
export const USER_STATUSES = ['active', 'suspended', 'banned'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export function isUserRole(value: string): value is UserRole {
  return (USER_ROLES as readonly string[]).includes(value);
}
