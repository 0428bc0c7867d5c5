/** The asterisk after a required field's label; screen readers get `required` from the control instead. */
import './required-mark.css';

export function RequiredMark() {
  return (
    <span className="ui-required-mark" aria-hidden="true">
      {' '}
      *
    </span>
  );
}
