import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithAuthCatalogue } from '../test/render-auth';
import { AreaCodePicker } from './area-code-picker';

function Picker({ onChange }: { onChange: (country: string) => void }) {
  const [country, setCountry] = useState('GB');
  return (
    <AreaCodePicker
      country={country}
      onChange={(next) => {
        setCountry(next);
        onChange(next);
      }}
    />
  );
}

function options() {
  return within(screen.getByRole('dialog'))
    .queryAllByRole('button')
    .filter((button) => button.hasAttribute('data-country'));
}

describe('AreaCodePicker', () => {
  it('shows the chosen code left to right and names the country for screen readers', async () => {
    await renderWithAuthCatalogue(<Picker onChange={() => undefined} />);
    const trigger = screen.getByRole('button', {
      name: 'Country code: United Kingdom +44. Change',
    });
    expect(trigger.querySelector('bdi[dir="ltr"]')?.textContent).toBe('+44');
  });

  it('searches by country name and by calling code, and picks a country', async () => {
    const onChange = vi.fn();
    await renderWithAuthCatalogue(<Picker onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: /Country code/ }));
    expect(screen.getByRole('dialog', { name: 'Choose your country code' })).toBeTruthy();
    expect(options().length).toBeGreaterThan(200);
    expect(
      screen
        .getByRole('dialog')
        .querySelector('[aria-current="true"]')
        ?.getAttribute('data-country'),
    ).toBe('GB');

    const search = screen.getByRole('searchbox', { name: 'Search countries or codes' });
    fireEvent.change(search, { target: { value: 'japan' } });
    expect(options().map((o) => o.dataset.country)).toEqual(['JP']);
    expect(screen.getByRole('status').textContent).toBe('1 country');

    fireEvent.change(search, { target: { value: '+81' } });
    expect(options()[0]?.dataset.country).toBe('JP');

    fireEvent.change(search, { target: { value: 'atlantis' } });
    expect(options()).toHaveLength(0);
    expect(screen.getByText('No country matches “atlantis”.')).toBeTruthy();

    fireEvent.change(search, { target: { value: 'japan' } });
    fireEvent.click(options()[0]!);
    expect(onChange).toHaveBeenCalledWith('JP');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Country code: Japan +81. Change' })).toBeTruthy();
  });

  it('takes the first result with Enter', async () => {
    const onChange = vi.fn();
    await renderWithAuthCatalogue(<Picker onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: /Country code/ }));
    const search = screen.getByRole('searchbox');
    fireEvent.change(search, { target: { value: 'germ' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith('DE');
  });
});
