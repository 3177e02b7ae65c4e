// Staff (back office) or seller (front office). A module of its own so a route's search schema can
// use it without bringing the whole permission tree into the console's entry chunk.
export const USER_TYPE = { staff: 0, seller: 1 } as const;
export type UserType = (typeof USER_TYPE)[keyof typeof USER_TYPE];
