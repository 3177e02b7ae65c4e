// The user dialog's rules: the contract's limits (src/shared/contracts/identity.ts) with messages a
// Chinese-speaking admin reads next to the field. The server checks the same again.
import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, type UserDto } from '#shared/contracts/identity.ts';
import { USER_TYPE } from '#shared/permissions.ts';

const emailCheck = z.email();
export const passwordRule = z
  .string()
  .min(1, '请输入密码')
  .min(PASSWORD_MIN, `密码长度为 ${PASSWORD_MIN}–${PASSWORD_MAX} 个字符`)
  .max(PASSWORD_MAX, `密码长度为 ${PASSWORD_MIN}–${PASSWORD_MAX} 个字符`);

const fields = {
  userName: z.string().trim()
    .min(1, '请输入用户名')
    .min(2, '用户名至少 2 个字符')
    .max(64, '用户名最多 64 个字符')
    .regex(/^[A-Za-z0-9_.@-]+$/, '用户名只能包含字母、数字和 _ . @ -'),
  name: z.string().trim().min(1, '请输入姓名').max(64, '姓名最多 64 个字符'),
  surname: z.string().trim().max(64, '姓氏最多 64 个字符'),
  emailAddress: z.string().trim().max(256, '邮箱最多 256 个字符').refine((v) => v === '' || emailCheck.safeParse(v).success, '邮箱格式不正确'),
  phoneNumber: z.string().trim().max(32, '手机号最多 32 个字符').regex(/^[0-9+\-\s()]*$/, '手机号只能包含数字、空格和 + - ( )'),
  userType: z.union([z.literal(USER_TYPE.staff), z.literal(USER_TYPE.seller)]),
  isActive: z.boolean(),
  roleNames: z.array(z.string()),
};

export const createUserForm = z.object({ ...fields, password: passwordRule });
export const editUserForm = z.object({ ...fields, password: z.string() });
export type UserFormValues = z.input<typeof createUserForm>;

export function initialUserValues(user: UserDto | null): UserFormValues {
  return {
    userName: user?.userName ?? '', name: user?.name ?? '', surname: user?.surname ?? '',
    emailAddress: user?.emailAddress ?? '', phoneNumber: user?.phoneNumber ?? '', password: '',
    userType: user?.userType ?? USER_TYPE.staff, isActive: user?.isActive ?? true, roleNames: user?.roleNames ?? [],
  };
}

/** What Create/Update receive: empty optional texts are sent as null. */
export function toUserInput(v: z.output<typeof editUserForm>) {
  return {
    userName: v.userName, name: v.name, surname: v.surname, emailAddress: v.emailAddress || null, phoneNumber: v.phoneNumber || null,
    userType: v.userType, isActive: v.isActive, roleNames: v.roleNames,
  };
}
