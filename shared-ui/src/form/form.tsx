/**
 * The one way a form is built here: react-hook-form validating with a contract schema through
 * its zod resolver, checked on submit and then again as each field changes, and <Form>, which
 * moves the focus to the first invalid field (in the order the fields are shown) whenever a
 * submit finds one, or the server refuses a field.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type ComponentPropsWithoutRef, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { type FieldValues, type Resolver, type UseFormProps, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';

/** A form schema: what the fields hold in, what the submit handler gets out. */
type FormSchema = z.ZodType<FieldValues, FieldValues>;

export type ZodForm<Schema extends FormSchema> = UseFormReturn<z.input<Schema>, unknown, z.output<Schema>>;

export interface ZodFormOptions<Schema extends FormSchema>
  extends Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, 'resolver'> {
  /**
   * Show one message at a time: the first broken rule in this order of field names (fields
   * not listed come after, in the schema's order).
   */
  oneErrorInOrder?: readonly string[];
}

/** Keeps only the first error, in `order`. */
export function firstErrorOnly<In extends FieldValues, Out>(
  resolver: Resolver<In, unknown, Out>,
  order: readonly string[],
): Resolver<In, unknown, Out> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const names = Object.keys(result.errors);
    if (names.length <= 1) return result;
    const first = order.find((name) => name in result.errors) ?? names[0] ?? '';
    return { values: {}, errors: { [first]: result.errors[first] } } as typeof result;
  };
}

export function useZodForm<Schema extends FormSchema>(
  schema: Schema,
  { oneErrorInOrder, ...options }: ZodFormOptions<Schema> = {},
): ZodForm<Schema> {
  const resolver = useMemo(() => {
    const bySchema = zodResolver(schema) as Resolver<z.input<Schema>, unknown, z.output<Schema>>;
    return oneErrorInOrder ? firstErrorOnly(bySchema, oneErrorInOrder) : bySchema;
  }, [schema, oneErrorInOrder]);
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...options,
    resolver,
    // <Form> moves the focus once the messages are on screen (and the fields enabled again)
    shouldFocusError: false,
  });
}

export interface FormHelpers {
  /** after setting a field's error from the server's answer: focus the first invalid field */
  focusFirstInvalid: () => void;
}

export interface FormProps<In extends FieldValues, Out>
  extends Omit<ComponentPropsWithoutRef<'form'>, 'onSubmit' | 'noValidate'> {
  form: UseFormReturn<In, unknown, Out>;
  /** called with the parsed values once every rule passes; the fields are disabled until it settles */
  onSubmit: (values: Out, helpers: FormHelpers) => unknown;
}

/** The control to focus for an invalid element: a group's first choice, or the element itself. */
function focusTarget(invalid: HTMLElement): HTMLElement | null {
  if (invalid instanceof HTMLFieldSetElement) {
    return invalid.querySelector<HTMLElement>('input:checked, input, select, textarea') ?? null;
  }
  return invalid;
}

const isDisabled = (element: HTMLElement) =>
  ('disabled' in element && element.disabled === true) || element.closest('fieldset[disabled]') !== null;

export function Form<In extends FieldValues, Out>({ form, onSubmit, children, ...props }: FormProps<In, Out>) {
  const formRef = useRef<HTMLFormElement>(null);
  const focusPending = useRef(false);
  const [, setFocusRequest] = useState(0);
  const { isSubmitting } = form.formState;

  const focusFirstInvalid = useCallback(() => {
    focusPending.current = true;
    setFocusRequest((n) => n + 1);
  }, []);

  // after every render: a pending focus goes to the first invalid field on screen; a field
  // still disabled (the form is sending) takes it on a later render
  useLayoutEffect(() => {
    if (!focusPending.current || !formRef.current) return;
    const invalid = formRef.current.querySelector<HTMLElement>('[aria-invalid="true"]');
    const target = invalid ? focusTarget(invalid) : null;
    if (target && isDisabled(target)) return;
    focusPending.current = false;
    target?.focus();
  });

  return (
    <form
      ref={formRef}
      aria-busy={isSubmitting || undefined}
      {...props}
      noValidate
      onSubmit={form.handleSubmit((values) => onSubmit(values, { focusFirstInvalid }), focusFirstInvalid)}
    >
      {children}
    </form>
  );
}
