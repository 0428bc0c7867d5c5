/**
 * The one way a form is built here: react-hook-form with a contract schema through its zod
 * resolver (useZodForm), and <Form>. The library does the work: nothing is said before the first
 * submit ('onSubmit'), the submit checks every rule, shows each message by its field and focuses
 * the first invalid field (shouldFocusError); from then on each message follows what is typed
 * ('onChange'). The kit adds one thing to the rules: one message at a time, in order, when asked.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type ComponentPropsWithoutRef, type FormEvent, useLayoutEffect, useMemo, useRef } from 'react';
import {
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';

/** A form schema: what the fields hold in, what the submit handler gets out. */
type FormSchema = z.ZodType<FieldValues, FieldValues>;

export type ZodForm<Schema extends FormSchema> = UseFormReturn<z.input<Schema>, unknown, z.output<Schema>>;

export interface ZodFormOptions<Schema extends FormSchema>
  extends Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, 'resolver' | 'mode' | 'reValidateMode'> {
  /**
   * Show one message at a time: the first broken rule in this order of field names (fields
   * not listed come after, in the schema's order).
   */
  oneErrorInOrder?: readonly string[];
}

/**
 * The resolver wrapper for 'one message at a time, in order': of the fields the rules refuse,
 * only the first in `order` keeps its message (each field already carries only its first).
 */
export function oneMessageInOrder<In extends FieldValues, Out>(
  resolver: Resolver<In, unknown, Out>,
  order: readonly string[],
): Resolver<In, unknown, Out> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const names = Object.keys(result.errors);
    if (names.length <= 1) return result;
    const first = order.find((name) => name in result.errors) ?? names[0] ?? '';
    // the resolver's own result type, narrowed to the one field kept
    return { values: {}, errors: { [first]: result.errors[first] } as FieldErrors<In> };
  };
}

/** A form on a contract schema, validated and focused by react-hook-form itself. */
export function useZodForm<Schema extends FormSchema>(
  schema: Schema,
  { oneErrorInOrder, ...options }: ZodFormOptions<Schema> = {},
): ZodForm<Schema> {
  const resolver = useMemo(() => {
    const bySchema = zodResolver(schema) as Resolver<z.input<Schema>, unknown, z.output<Schema>>;
    return oneErrorInOrder ? oneMessageInOrder(bySchema, oneErrorInOrder) : bySchema;
  }, [schema, oneErrorInOrder]);
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    shouldFocusError: true,
    ...options,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
}

export interface FormProps<In extends FieldValues, Out>
  extends Omit<ComponentPropsWithoutRef<'form'>, 'onSubmit' | 'noValidate'> {
  form: UseFormReturn<In, unknown, Out>;
  /** called with the parsed values (and nothing else) once every rule passes: e.g. a mutation's `mutate` */
  onSubmit: (values: Out) => unknown;
  /**
   * The form's write is on its way (its mutation's isPending): the form is aria-busy and does not
   * send again; when the write ends with a field refused (`form.setError` in the mutation's
   * onError), that field takes the focus once the form is enabled again.
   */
  busy?: boolean;
}

export function Form<In extends FieldValues, Out>({
  form,
  onSubmit,
  busy = false,
  children,
  ...props
}: FormProps<In, Out>) {
  const wasBusy = useRef(busy);
  const { errors } = form.formState;

  useLayoutEffect(() => {
    const ended = wasBusy.current && !busy;
    wasBusy.current = busy;
    if (!ended) return;
    const refused = Object.keys(errors).find((name) => name !== 'root');
    if (refused) form.setFocus(refused as Path<In>);
  }, [busy, errors, form]);

  function submit(event: FormEvent<HTMLFormElement>) {
    if (busy) {
      event.preventDefault();
      return;
    }
    void form.handleSubmit((values) => onSubmit(values))(event);
  }

  return (
    <form aria-busy={busy || undefined} {...props} noValidate onSubmit={submit}>
      {children}
    </form>
  );
}
