// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { showToast, ToastHost } from './toasts.tsx';

describe('toasts: loaded on first use, top-right, light theme', () => {
  it('loads the container on first use and shows the message top-right', async () => {
    const { container } = render(<ToastHost />);
    expect(container.innerHTML).toBe(''); // nothing loaded until a toast is asked for
    await act(() => showToast('success', 'Message sent successfully'));
    expect(await screen.findByText('Message sent successfully')).toBeTruthy();
    expect(document.querySelector('.Toastify__toast-container--top-right')).not.toBeNull();
    expect(document.querySelector('.Toastify__toast-theme--light')).not.toBeNull();
  });
});
