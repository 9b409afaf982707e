import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../../test/render-with-i18n';
import { Button } from './button';
import { ErrorBoundary } from './error-boundary';
import { EmptyState, ListSkeleton } from './list';
import { TextField } from './text-field';

describe('UI kit', () => {
  it('Button: a loading button is busy and cannot be pressed twice', async () => {
    const onClick = vi.fn();
    await renderWithI18n(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button).toHaveProperty('disabled', true);
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('TextField: labelled, and its error is announced with it', async () => {
    await renderWithI18n(<TextField label="Email" error="Please enter a valid email address." />);
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe(
      'Please enter a valid email address.',
    );
  });

  it('TextField: valid fields are not marked invalid', async () => {
    await renderWithI18n(<TextField label="Email" hint="We never share it." />);
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeTruthy();
  });

  it('EmptyState and ListSkeleton say what is going on', async () => {
    await renderWithI18n(
      <>
        <EmptyState title="No notices yet" action={<button type="button">Refresh</button>}>
          Announcements will appear here.
        </EmptyState>
        <ListSkeleton label="Loading…" />
      </>,
    );
    expect(screen.getByRole('heading', { name: 'No notices yet' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading…' }).getAttribute('aria-busy')).toBe('true');
  });

  it('ErrorBoundary: shows a translated message and retries', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let fail = true;
    function Flaky() {
      const [, force] = useState(0);
      if (fail) throw new Error('render failed');
      return (
        <button type="button" onClick={() => force(1)}>
          Recovered
        </button>
      );
    }
    await renderWithI18n(
      <ErrorBoundary>
        <Flaky />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong on this page');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('button', { name: 'Recovered' })).toBeTruthy();
    spy.mockRestore();
    warn.mockRestore();
  });
});
