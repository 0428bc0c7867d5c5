import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Lightbox } from './lightbox';

const shots = [
  { src: '/uploads/order.png', alt: 'order screenshot' },
  { src: '/uploads/review.png', alt: 'review screenshot' },
  { src: '/uploads/feedback.png', alt: 'feedback screenshot' },
];

function Gallery({ images = shots, onIndexChange }: { images?: typeof shots; onIndexChange?: (i: number) => void }) {
  const [index, setIndex] = useState<number | null>(null);
  return (
    <>
      {images.map((image, i) => (
        <button key={image.src} type="button" onClick={() => setIndex(i)}>
          view {image.alt}
        </button>
      ))}
      <Lightbox images={images} index={index} onClose={() => setIndex(null)} onIndexChange={onIndexChange} />
    </>
  );
}

describe('Lightbox', () => {
  it('shows the chosen image full screen and steps through the others, wrapping round', async () => {
    const user = userEvent.setup();
    const onIndexChange = vi.fn();
    render(<Gallery onIndexChange={onIndexChange} />);

    await user.click(screen.getByRole('button', { name: 'view review screenshot' }));
    expect(screen.getByRole('dialog', { name: 'review screenshot' })).toHaveFocus();
    expect(screen.getByRole('img', { name: 'review screenshot' })).toHaveAttribute('src', '/uploads/review.png');
    expect(screen.getByText('2 / 3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'next image' }));
    expect(screen.getByRole('img', { name: 'feedback screenshot' })).toBeInTheDocument();
    expect(onIndexChange).toHaveBeenLastCalledWith(2);
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('img', { name: 'order screenshot' })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('img', { name: 'feedback screenshot' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'previous image' }));
    expect(screen.getByRole('img', { name: 'review screenshot' })).toBeInTheDocument();
  });

  it('has no previous/next for a single image', async () => {
    render(<Gallery images={shots.slice(0, 1)} />);
    await userEvent.click(screen.getByRole('button', { name: 'view order screenshot' }));
    expect(screen.getByRole('img', { name: 'order screenshot' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'next image' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'previous image' })).not.toBeInTheDocument();
  });

  it('closes on Escape and with the close button, giving the focus back', async () => {
    const user = userEvent.setup();
    render(<Gallery />);
    const opener = screen.getByRole('button', { name: 'view order screenshot' });

    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
