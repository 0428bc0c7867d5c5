/**
 * The forms' schemas, derived from the wire schemas: the same rules and messages, with what
 * a form holds before it sends (an image chosen but not uploaded yet, a choice not made yet,
 * an optional field left empty). The apps validate with these through react-hook-form.
 */
import { z } from 'zod';
import { AGENT_STATUSES, REVIEW_TYPES } from './constants';
import { MESSAGES } from './messages';
import {
  approveUserInputSchema,
  orderCreateInputSchema,
  orderManagerUpdateInputSchema,
  passwordUpdateInputSchema,
  registerInputSchema,
} from './schemas';

/** An image field's value: a stored image (its URL), or a file picked on this device and not uploaded yet. */
export const imageChoiceSchema = z.object({
  /** the stored image's URL; null while only a picked file exists */
  url: z.string().nullable(),
  /** a picked file that is not uploaded yet */
  file: z.custom<File>().nullable(),
  /** what the preview shows: the URL, or an object URL of the picked file */
  previewUrl: z.string(),
});
export type ImageChoice = z.infer<typeof imageChoiceSchema>;

/** An image field that may stay empty. */
export const optionalImageSchema = imageChoiceSchema.nullable();

/** An image field that must hold an image, with the rule's own message. */
export const requiredImageSchema = (message: string) =>
  optionalImageSchema.refine((image): image is ImageChoice => image !== null, message);

/** Registration: the CNIC images are chosen here and uploaded on submit. */
export const registerFormSchema = registerInputSchema.extend({
  cnicFront: requiredImageSchema(MESSAGES.cnicFrontRequired),
  cnicBack: requiredImageSchema(MESSAGES.cnicBackRequired),
});
export type RegisterFormValues = z.input<typeof registerFormSchema>;
export type RegisterFormOutput = z.output<typeof registerFormSchema>;

/** Submit order: the product comes from the page, the screenshot is uploaded on submit. */
export const orderCreateFormSchema = orderCreateInputSchema.omit({ productId: true }).extend({
  orderScreenshot: requiredImageSchema(MESSAGES.orderScreenshotRequired),
});
export type OrderCreateFormValues = z.input<typeof orderCreateFormSchema>;
export type OrderCreateFormOutput = z.output<typeof orderCreateFormSchema>;

/**
 * The agent's update of an order: the order number, buyer PayPal and buyer name keep the
 * submit form's rules; the screenshots may be empty and the review type stays chosen.
 */
export const orderAgentUpdateFormSchema = orderCreateInputSchema
  .pick({ amzOrderNumber: true, buyerPayPal: true, buyerName: true, comments: true })
  .extend({
    reviewType: z.enum(REVIEW_TYPES),
    AgentStatus: z.enum(AGENT_STATUSES),
    orderScreenshot: optionalImageSchema,
    reviewScreenShot: optionalImageSchema,
    FeedbackScreenShot: optionalImageSchema,
  });
export type OrderAgentUpdateFormValues = z.input<typeof orderAgentUpdateFormSchema>;
export type OrderAgentUpdateFormOutput = z.output<typeof orderAgentUpdateFormSchema>;

/** A manager's or admin's update of an order: the refund screenshot is chosen here and uploaded on save. */
// the version is the loaded order's, sent beside the form's values, never a field of the form
export const orderManagerUpdateFormSchema = orderManagerUpdateInputSchema.omit({ version: true }).required().extend({
  refundShot: optionalImageSchema,
});
export type OrderManagerUpdateFormValues = z.input<typeof orderManagerUpdateFormSchema>;
export type OrderManagerUpdateFormOutput = z.output<typeof orderManagerUpdateFormSchema>;

/** Change password: both fields first ('Please fill in both fields.'), then the API's rules. */
export const passwordUpdateFormSchema = z
  .object({
    currentPassword: z.string().min(1, MESSAGES.fillBothFields),
    newPassword: z.string().min(1, MESSAGES.fillBothFields),
  })
  .pipe(passwordUpdateInputSchema);
export type PasswordUpdateFormValues = z.input<typeof passwordUpdateFormSchema>;

/** Approving a pending user: an empty new password is no new password. */
export const approveUserFormSchema = z.object({
  password: z
    .string()
    .transform((password) => password || undefined)
    .pipe(approveUserInputSchema.shape.password),
});
export type ApproveUserFormValues = z.input<typeof approveUserFormSchema>;
