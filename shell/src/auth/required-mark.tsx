/** The asterisk after a required field's label; screen readers get `required` from the input instead. */
export function RequiredMark() {
  return (
    <span className="required-mark" aria-hidden="true">
      {' '}
      *
    </span>
  );
}
