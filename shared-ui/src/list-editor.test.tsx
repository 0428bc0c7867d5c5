import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ListEditor } from './list-editor';

function Editor({
  initial = [],
  mode,
  onChange,
}: {
  initial?: string[];
  mode?: 'enter' | 'inline';
  onChange?: (items: string[]) => void;
}) {
  const [items, setItems] = useState(initial);
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <ListEditor
        label="review guidelines"
        items={items}
        mode={mode}
        placeholder="add a guideline"
        onChange={(next) => {
          setItems(next);
          onChange?.(next);
        }}
      />
    </form>
  );
}

const listed = () =>
  within(screen.queryByRole('list', { name: 'review guidelines' }) ?? document.createElement('ul'))
    .queryAllByRole('listitem')
    .map((item) => item.querySelector('.ui-list-text')?.textContent);

describe('ListEditor, enter mode (add form)', () => {
  it('adds the trimmed text on Enter and clears the input', async () => {
    const onChange = vi.fn();
    render(<Editor onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'review guidelines' });

    await userEvent.type(input, '  Post within 7 days  {Enter}');
    expect(onChange).toHaveBeenLastCalledWith(['Post within 7 days']);
    expect(input).toHaveValue('');
    await userEvent.type(input, 'Add a photo{Enter}');
    expect(listed()).toEqual(['Post within 7 days', 'Add a photo']);
  });

  it('ignores an empty or blank item', async () => {
    const onChange = vi.fn();
    render(<Editor onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'review guidelines' });
    await userEvent.type(input, '{Enter}');
    await userEvent.type(input, '    {Enter}');
    expect(onChange).not.toHaveBeenCalled();
    expect(listed()).toEqual([]);
  });

  it('does not submit the form around it on Enter', async () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <ListEditor label="review guidelines" items={[]} onChange={() => {}} />
      </form>,
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'review guidelines' }), 'text{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('removes a focused item with the Delete key, and an item with its remove button', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Editor initial={['one', 'two', 'three']} onChange={onChange} />);

    const two = screen.getByText('two').closest('li') as HTMLElement;
    two.focus();
    await user.keyboard('{Delete}');
    expect(onChange).toHaveBeenLastCalledWith(['one', 'three']);
    expect(listed()).toEqual(['one', 'three']);
    // the focus stays in the list, on the item that took the removed one's place
    expect(screen.getByText('three').closest('li')).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'remove one' }));
    expect(onChange).toHaveBeenLastCalledWith(['three']);
    expect(listed()).toEqual(['three']);
  });
});

describe('ListEditor, inline mode (update form)', () => {
  it('edits an item in place, passing on trimmed, non-empty items', async () => {
    const onChange = vi.fn();
    render(<Editor mode="inline" initial={['one', 'two']} onChange={onChange} />);
    const first = screen.getByRole('textbox', { name: 'review guidelines 1' });
    expect(first).toHaveValue('one');

    await userEvent.clear(first);
    expect(onChange).toHaveBeenLastCalledWith(['two']);
    // the emptied row stays while being edited
    expect(screen.getAllByRole('textbox')).toHaveLength(2);
    await userEvent.type(first, ' first ');
    expect(onChange).toHaveBeenLastCalledWith(['first', 'two']);
    expect(first).toHaveValue(' first ');
  });

  it("appends an empty row with 'Add', focused, which counts once filled in", async () => {
    const onChange = vi.fn();
    render(<Editor mode="inline" initial={['one']} onChange={onChange} />);

    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    const added = screen.getByRole('textbox', { name: 'review guidelines 2' });
    expect(added).toHaveValue('');
    expect(added).toHaveFocus();
    expect(onChange).not.toHaveBeenCalled();

    await userEvent.type(added, 'two');
    expect(onChange).toHaveBeenLastCalledWith(['one', 'two']);
  });

  it('removes a row with its remove button', async () => {
    const onChange = vi.fn();
    render(<Editor mode="inline" initial={['one', 'two']} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'remove review guidelines 1' }));
    expect(onChange).toHaveBeenLastCalledWith(['two']);
    expect(screen.getAllByRole('textbox').map((input) => (input as HTMLInputElement).value)).toEqual(['two']);
  });

  it('shows new items given by the parent (a product loaded)', () => {
    const { rerender } = render(<ListEditor mode="inline" label="review guidelines" items={[]} onChange={() => {}} />);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    rerender(<ListEditor mode="inline" label="review guidelines" items={['loaded']} onChange={() => {}} />);
    expect(screen.getByRole('textbox', { name: 'review guidelines 1' })).toHaveValue('loaded');
  });
});
