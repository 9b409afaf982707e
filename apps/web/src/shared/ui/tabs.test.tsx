import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tabs } from './tabs';

const items = [
  { value: 'a', label: 'Alpha', content: <p>alpha panel</p> },
  { value: 'b', label: 'Beta', content: <p>beta panel</p> },
  { value: 'c', label: 'Gamma', content: <p>gamma panel</p> },
];

const tab = (name: string) => screen.getByRole('tab', { name });
const selected = () =>
  screen.getAllByRole('tab').filter((t) => t.getAttribute('aria-selected') === 'true');

afterEach(() => {
  document.documentElement.removeAttribute('dir');
});

describe('Tabs', () => {
  it('shows only the selected panel, labelled by its tab, with one tab in the tab order', () => {
    render(<Tabs items={items} label="Letters" />);
    expect(screen.getByRole('tablist').getAttribute('aria-label')).toBe('Letters');
    expect(selected().map((t) => t.textContent)).toEqual(['Alpha']);
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    const panel = screen.getByRole('tabpanel');
    expect(panel.textContent).toBe('alpha panel');
    expect(panel.getAttribute('aria-labelledby')).toBe(tab('Alpha').id);
    expect(tab('Alpha').getAttribute('aria-controls')).toBe(panel.id);
    expect(screen.queryByText('beta panel')).toBeNull();

    fireEvent.click(tab('Gamma'));
    expect(selected().map((t) => t.textContent)).toEqual(['Gamma']);
    expect(screen.getByRole('tabpanel').textContent).toBe('gamma panel');
    expect(screen.queryByText('alpha panel')).toBeNull();
  });

  it('arrow keys move and select, wrapping round; Home and End jump', () => {
    render(<Tabs items={items} label="Letters" defaultValue="b" />);
    const list = screen.getByRole('tablist');
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(selected()[0]?.textContent).toBe('Gamma');
    expect(document.activeElement).toBe(tab('Gamma'));
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(selected()[0]?.textContent).toBe('Alpha');
    fireEvent.keyDown(list, { key: 'ArrowLeft' });
    expect(selected()[0]?.textContent).toBe('Gamma');
    fireEvent.keyDown(list, { key: 'Home' });
    expect(selected()[0]?.textContent).toBe('Alpha');
    fireEvent.keyDown(list, { key: 'End' });
    expect(selected()[0]?.textContent).toBe('Gamma');
    expect(screen.getByRole('tabpanel').textContent).toBe('gamma panel');
  });

  it('in right-to-left the arrows are mirrored', () => {
    document.documentElement.setAttribute('dir', 'rtl');
    render(<Tabs items={items} label="Letters" />);
    const list = screen.getByRole('tablist');
    list.style.direction = 'rtl';
    fireEvent.keyDown(list, { key: 'ArrowLeft' });
    expect(selected()[0]?.textContent).toBe('Beta');
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(selected()[0]?.textContent).toBe('Alpha');
  });

  it('controlled: shows the value it is given and reports changes, not a click on the selected tab', () => {
    const changes: string[] = [];
    function Controlled() {
      const [value, setValue] = useState('b');
      return (
        <Tabs
          items={items}
          label="Letters"
          value={value}
          onValueChange={(next) => {
            changes.push(next);
            setValue(next);
          }}
        />
      );
    }
    render(<Controlled />);
    expect(selected()[0]?.textContent).toBe('Beta');
    fireEvent.click(tab('Beta'));
    expect(changes).toEqual([]);
    fireEvent.click(tab('Alpha'));
    expect(changes).toEqual(['a']);
    expect(screen.getByRole('tabpanel').textContent).toBe('alpha panel');
  });

  it('controlled by a parent that refuses the change: the selection stays', () => {
    const onValueChange = vi.fn();
    render(<Tabs items={items} label="Letters" value="a" onValueChange={onValueChange} />);
    fireEvent.click(tab('Beta'));
    expect(onValueChange).toHaveBeenCalledWith('b');
    expect(selected()[0]?.textContent).toBe('Alpha');
  });

  it('while its tabs load, shows no tab to press but the first panel, which keeps its state when they come', () => {
    const typed = [
      { value: 'a', label: 'Alpha', content: <input aria-label="amount" /> },
      { value: 'b', label: 'Beta', content: <p>beta panel</p> },
    ];
    const more = [...typed, { value: 'c', label: 'Gamma', content: <p>gamma panel</p> }];
    const { rerender } = render(<Tabs items={typed} label="Letters" pending />);
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryAllByRole('tab')).toEqual([]);
    // No panel role while no tab names it.
    expect(screen.queryByRole('tabpanel')).toBeNull();
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'amount' });
    fireEvent.change(input, { target: { value: '12' } });

    rerender(<Tabs items={more} label="Letters" />);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Alpha',
      'Beta',
      'Gamma',
    ]);
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(tab('Alpha').id);
    expect(screen.getByRole('textbox', { name: 'amount' })).toBe(input);
    expect(input.value).toBe('12');
  });
});
