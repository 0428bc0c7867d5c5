import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { orderScreenshots } from './lib/order-display';
import { ScreenshotGallery } from './screenshot-gallery';
import { orderFixture } from './test/fixtures';

const everyShot = orderScreenshots(
  orderFixture({
    orderScreenshot: 'https://img.example.com/order.png',
    reviewScreenShot: 'https://img.example.com/review.png',
    FeedbackScreenShot: '',
    refundShot: 'https://img.example.com/refund.png',
  }),
);

describe('ScreenshotGallery', () => {
  it('offers a button for each screenshot that exists, and none for a missing one', () => {
    render(<ScreenshotGallery screenshots={everyShot} />);
    expect(screen.getByRole('button', { name: 'order screenshot' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'review screenshot' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'refund screenshot' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'feedback screenshot' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('renders nothing when the order has no screenshots', () => {
    const { container } = render(<ScreenshotGallery screenshots={[]} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('opens the lightbox at the clicked screenshot, moves on, and closes with Escape', async () => {
    const user = userEvent.setup();
    render(<ScreenshotGallery screenshots={everyShot} />);

    const reviewButton = screen.getByRole('button', { name: 'review screenshot' });
    await user.click(reviewButton);
    const dialog = screen.getByRole('dialog', { name: 'review screenshot' });
    expect(screen.getByRole('img', { name: 'review screenshot' })).toHaveAttribute(
      'src',
      'https://img.example.com/review.png',
    );
    expect(dialog).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'next image' }));
    expect(screen.getByRole('img', { name: 'refund screenshot' })).toHaveAttribute(
      'src',
      'https://img.example.com/refund.png',
    );

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(reviewButton).toHaveFocus();

    // it opens again at the image asked for, not the last one seen
    await user.click(screen.getByRole('button', { name: 'order screenshot' }));
    expect(screen.getByRole('img', { name: 'order screenshot' })).toHaveAttribute(
      'src',
      'https://img.example.com/order.png',
    );
  });
});
