/**
 * The registration form's starting values, the phone number's blur rule and the payload. The
 * rules are the contract's registerFormSchema (registerInputSchema with the CNIC images
 * chosen here), the same the API applies.
 */
import {
  PHONE_PREFIX,
  REGISTRATION_ROLES,
  type RegisterFormOutput,
  type RegisterFormValues,
  type RegisterInput,
} from 'shared-api/contract';

export type RegistrationRole = (typeof REGISTRATION_ROLES)[number];

/** Gender and country start unchosen; the phone number starts with +92. */
export function initialValues(referrerUserId: string | undefined): Partial<RegisterFormValues> {
  return {
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    phoneNumber: PHONE_PREFIX,
    city: '',
    referralName: '',
    referralContact: '',
    referralUserId: referrerUserId ?? '',
    role: REGISTRATION_ROLES[0],
    cnicFront: null,
    cnicBack: null,
  };
}

/** The phone number is reset to +92 on blur when it does not start with it. */
export function phoneOnBlur(value: string): string {
  return value.startsWith(PHONE_PREFIX) ? value : PHONE_PREFIX;
}

/** The payload, with the uploaded images' links; no referral user id is sent when none is given. */
export function toRegisterInput(values: RegisterFormOutput, cnicFront: string, cnicBack: string): RegisterInput {
  return { ...values, referralUserId: values.referralUserId || undefined, cnicFront, cnicBack };
}
