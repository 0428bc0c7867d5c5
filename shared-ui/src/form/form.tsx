/**
 * The one way a form is built here: react-hook-form with a contract schema through its zod
 * resolver (useZodForm), and <Form>. Nothing is said before the first submit; the submit
 * checks every rule, shows each message by its field and moves the focus to the first invalid
 * field (in the order the fields are shown); from then on each message follows what is typed.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type ComponentPropsWithoutRef,
  createContext,
  type FormEvent,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import {
  type FieldError,
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

/** The first message of each field; only the first field in `order` when one is given. */
function firstMessages(
  issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>,
  order?: readonly string[],
): Map<string, string> {
  const messages = new Map<string, string>();
  for (const issue of issues) {
    const name = issue.path.map(String).join('.');
    if (!messages.has(name)) messages.set(name, issue.message);
  }
  if (!order || messages.size <= 1) return messages;
  const first = order.find((name) => messages.has(name)) ?? [...messages.keys()][0] ?? '';
  return new Map([[first, messages.get(first) ?? '']]);
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

/** A form's rules, checked in the event that asks (a submit, a change), so its messages come with it. */
interface FormCheck {
  /** every field: true when the form may be sent */
  all: () => boolean;
  /** one field, after its value changed */
  field: (name: string) => void;
}

/** Keyed by the form's control, so <Form> and the fields need only the form. */
const formChecks = new WeakMap<object, FormCheck>();

/**
 * A form on a contract schema. The rules run synchronously in the event that asks for them
 * (the messages and the focus come with the click or the keystroke, not a few microtasks later
 * when the resolver answers); the resolver parses the values the submit handler gets.
 */
export function useZodForm<Schema extends FormSchema>(
  schema: Schema,
  { oneErrorInOrder, ...options }: ZodFormOptions<Schema> = {},
): ZodForm<Schema> {
  const resolver = useMemo(() => {
    const bySchema = zodResolver(schema) as Resolver<z.input<Schema>, unknown, z.output<Schema>>;
    return oneErrorInOrder ? firstErrorOnly(bySchema, oneErrorInOrder) : bySchema;
  }, [schema, oneErrorInOrder]);
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    ...options,
    resolver,
    // the checks below say when; react-hook-form itself validates only what a submit sends
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    // <Form> moves the focus once the messages are on screen (and the fields enabled again)
    shouldFocusError: false,
  });

  const messages = () => {
    const result = schema.safeParse(form.getValues());
    return result.success ? new Map<string, string>() : firstMessages(result.error.issues, oneErrorInOrder);
  };
  const fieldName = (name: string) => name as Path<z.input<Schema>>;
  formChecks.set(form.control, {
    all() {
      const found = messages();
      form.clearErrors();
      for (const [name, message] of found) form.setError(fieldName(name), { type: 'validate', message });
      return found.size === 0;
    },
    field(name) {
      const message = messages().get(name);
      const shown = form.getFieldState(fieldName(name)).error?.message;
      if (message === shown) return;
      if (message) form.setError(fieldName(name), { type: 'validate', message });
      else form.clearErrors(fieldName(name));
    },
  });
  return form;
}

interface Feedback {
  /** a submit was tried: messages show, and follow each change */
  tried: boolean;
  recheck: (name: string) => void;
}

const FormFeedback = createContext<Feedback>({ tried: true, recheck: () => {} });

/** A field's message to show (none before the form's first submit), and what to call once it changed. */
export function useFieldFeedback(name: string, error: FieldError | undefined) {
  const { tried, recheck } = useContext(FormFeedback);
  return {
    error: tried ? error?.message : undefined,
    changed: () => {
      if (tried) recheck(name);
    },
  };
}

export interface FormHelpers {
  /** after setting a field's error from the server's answer: focus the first invalid field */
  focusFirstInvalid: () => void;
}

export interface FormProps<In extends FieldValues, Out>
  extends Omit<ComponentPropsWithoutRef<'form'>, 'onSubmit' | 'noValidate'> {
  form: UseFormReturn<In, unknown, Out>;
  /** called with the parsed values once every rule passes; the form is submitting until it settles */
  onSubmit: (values: Out, helpers: FormHelpers) => unknown;
  /** runs first on every submit, before the rules (e.g. a message to clear, a session to check); false stops the submit */
  beforeRules?: () => unknown;
}

/** The control to focus for an invalid element: a group's chosen (or first) choice, or the element itself. */
function focusTarget(invalid: HTMLElement): HTMLElement | null {
  if (invalid instanceof HTMLFieldSetElement) {
    return invalid.querySelector<HTMLElement>('input:checked') ?? invalid.querySelector<HTMLElement>('input, select');
  }
  return invalid;
}

const isDisabled = (element: HTMLElement) =>
  ('disabled' in element && element.disabled === true) || element.closest('fieldset[disabled]') !== null;

export function Form<In extends FieldValues, Out>({
  form,
  onSubmit,
  beforeRules,
  children,
  ...props
}: FormProps<In, Out>) {
  const formRef = useRef<HTMLFormElement>(null);
  const focusPending = useRef(false);
  const [, setFocusRequest] = useState(0);
  const [tried, setTried] = useState(false);
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

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSubmitting || beforeRules?.() === false) return;
    setTried(true);
    if (formChecks.get(form.control)?.all() === false) {
      focusFirstInvalid();
      return;
    }
    void form.handleSubmit((values) => onSubmit(values, { focusFirstInvalid }), focusFirstInvalid)(event);
  }

  const feedback = useMemo<Feedback>(
    () => ({ tried, recheck: (name) => formChecks.get(form.control)?.field(name) }),
    [tried, form.control],
  );

  return (
    <FormFeedback.Provider value={feedback}>
      <form ref={formRef} aria-busy={isSubmitting || undefined} {...props} noValidate onSubmit={submit}>
        {children}
      </form>
    </FormFeedback.Provider>
  );
}
