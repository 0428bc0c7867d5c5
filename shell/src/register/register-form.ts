/**
 * The registration form's values and rules. The rules are the contract's
 * registerInputSchema (SPEC.md section 5, MESSAGES' wording), the same the API applies.
 */
import {
  type Gender,
  PHONE_PREFIX,
  REGISTRATION_ROLES,
  type RegisterInput,
  registerInputSchema,
} from 'shared-api/contract';
import type { ImageValue } from 'shared-ui/lib/image-value';

export type RegistrationRole = (typeof REGISTRATION_ROLES)[number];

export interface RegisterValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  gender: Gender | '';
  phoneNumber: string;
  city: string;
  /** the country (SPEC.md: only pakistan), sent as `state` */
  state: string;
  referralName: string;
  referralContact: string;
  referralUserId: string;
  role: RegistrationRole;
  cnicFront: ImageValue | null;
  cnicBack: ImageValue | null;
}

export type RegisterField = keyof RegisterValues;

/** In the order the form shows them: the first with an error gets focus. */
export const FIELD_ORDER: readonly RegisterField[] = [
  'firstName',
  'lastName',
  'email',
  'password',
  'gender',
  'phoneNumber',
  'city',
  'state',
  'referralName',
  'referralContact',
  'referralUserId',
  'role',
  'cnicFront',
  'cnicBack',
];

export function initialValues(referrerUserId: string | undefined): RegisterValues {
  return {
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    gender: '',
    phoneNumber: PHONE_PREFIX,
    city: '',
    state: '',
    referralName: '',
    referralContact: '',
    referralUserId: referrerUserId ?? '',
    role: REGISTRATION_ROLES[0],
    cnicFront: null,
    cnicBack: null,
  };
}

/** SPEC.md: the phone number is reset to +92 on blur when it does not start with it. */
export function phoneOnBlur(value: string): string {
  return value.startsWith(PHONE_PREFIX) ? value : PHONE_PREFIX;
}

/** The payload, with the uploaded images' links. */
export function toRegisterInput(values: RegisterValues, cnicFront: string, cnicBack: string): RegisterInput {
  const { gender, state, referralUserId, ...rest } = values;
  return {
    ...rest,
    gender: gender as Gender,
    state: state as 'pakistan',
    referralUserId: referralUserId.trim() || undefined,
    cnicFront,
    cnicBack,
  };
}

/** Each field's first message; empty when the form may be sent. */
export function validate(values: RegisterValues): Partial<Record<RegisterField, string>> {
  const result = registerInputSchema.safeParse({
    ...values,
    gender: values.gender || undefined,
    state: values.state || undefined,
    referralUserId: values.referralUserId.trim() || undefined,
    // an image chosen here is uploaded on submit; the schema only asks that there is one
    cnicFront: values.cnicFront ? 'chosen' : '',
    cnicBack: values.cnicBack ? 'chosen' : '',
  });
  const errors: Partial<Record<RegisterField, string>> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as RegisterField;
    errors[field] ??= issue.message;
  }
  return errors;
}
