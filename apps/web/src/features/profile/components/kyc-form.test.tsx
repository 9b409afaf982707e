import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../shared/session/session-store';
import { kycFormData } from '../api/profile.api';
import { EMPTY_DRAFT } from '../kyc-form.rules';
import { renderProfile, reply } from '../test/render-profile';
import { KycForm } from './kyc-form';

describe('KYC form', () => {
  beforeEach(() => {
    session.signIn('tok', { username: 'amy' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says what is missing (spec §5) and sends nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await renderProfile(
      <KycForm initial={EMPTY_DRAFT} onSubmitted={vi.fn()} onStatusChanged={vi.fn()} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Submit for review' }));

    const summary = screen.getByTestId('kyc-form-errors');
    expect(summary.textContent).toContain('Please fill in complete information.');
    expect(summary.textContent).toContain('Required images must be uploaded.');
    const firstName = screen.getByLabelText('First name');
    const messageOf = (input: HTMLElement) =>
      document.getElementById(input.getAttribute('aria-describedby')?.split(' ')[0] ?? '')
        ?.textContent;
    expect(firstName.getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(firstName)).toBe('Please fill in this field.');
    expect(screen.getAllByText('Please choose one.')).toHaveLength(3);
    expect(screen.getAllByText('Please upload this image.')).toHaveLength(3);
    expect(fetchMock).not.toHaveBeenCalled();

    // The messages follow corrections once shown.
    fireEvent.change(firstName, { target: { value: 'Amy' } });
    expect(firstName.getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '12ab' } });
    expect(messageOf(screen.getByLabelText('Phone number'))).toMatch(/with its country code/);
  });

  it('asks for the back of an ID card', async () => {
    await renderProfile(
      <KycForm initial={EMPTY_DRAFT} onSubmitted={vi.fn()} onStatusChanged={vi.fn()} />,
    );
    expect(document.querySelector('[data-slot="back"]')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'ID card' }));
    expect(document.querySelector('[data-slot="back"]')).not.toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Passport' }));
    expect(document.querySelector('[data-slot="back"]')).toBeNull();
  });

  it('refuses a renamed file inline, by its bytes', async () => {
    await renderProfile(
      <KycForm initial={EMPTY_DRAFT} onSubmitted={vi.fn()} onStatusChanged={vi.fn()} />,
    );
    const slot = document.querySelector<HTMLElement>('[data-slot="front"]')!;
    const input = within(slot).getByTestId<HTMLInputElement>('file-front');
    const fake = new File(['%PDF-1.7 not a photo'], 'passport.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [fake] } });
    await waitFor(() =>
      expect(within(slot).getByTestId('slot-error').textContent).toMatch(
        /not a JPG, PNG or JPEG 2000 image, whatever its name says/,
      ),
    );
    expect(slot.getAttribute('data-filled')).toBe('false');
  });

  it('accepts a small JPEG 2000 as it is and offers the camera as well as the file picker', async () => {
    await renderProfile(
      <KycForm initial={EMPTY_DRAFT} onSubmitted={vi.fn()} onStatusChanged={vi.fn()} />,
    );
    const slot = document.querySelector<HTMLElement>('[data-slot="front"]')!;
    expect(within(slot).getByRole('button', { name: 'Take photo' })).toBeTruthy();
    const jp2 = new File(
      [new Uint8Array([0, 0, 0, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a, 1, 2, 3])],
      'id.jp2',
    );
    fireEvent.change(within(slot).getByTestId('file-front'), { target: { files: [jp2] } });
    await waitFor(() => expect(slot.getAttribute('data-filled')).toBe('true'));
    expect(within(slot).getByText('JPEG 2000 image added (no preview)')).toBeTruthy();
  });

  it('says so when the camera is not available', async () => {
    await renderProfile(
      <KycForm initial={EMPTY_DRAFT} onSubmitted={vi.fn()} onStatusChanged={vi.fn()} />,
    );
    // happy-dom has no navigator.mediaDevices: the same path as an old or insecure browser.
    const slot = document.querySelector<HTMLElement>('[data-slot="hand"]')!;
    fireEvent.click(within(slot).getByRole('button', { name: 'Take photo' }));
    expect((await screen.findByTestId('camera-unavailable')).textContent).toContain(
      'Access to user media is not supported.',
    );
    expect(screen.getByRole('button', { name: 'Choose a file instead' })).toBeTruthy();
  });

  it('posts the fields and one file per slot as multipart form data', async () => {
    const form = kycFormData(
      {
        firstName: 'Amy',
        lastName: 'Lee',
        sex: 'female',
        birthdate: '1990-01-01',
        country: 'GB',
        address: '1 High Street',
        phone: '+44 7700 900123',
        documentType: 'passport',
      },
      {
        front: new Blob(['a'], { type: 'image/jpeg' }),
        hand: new Blob(['b'], { type: 'image/png' }),
        signature: new Blob(['c'], { type: 'image/jp2' }),
      },
    );
    expect(form.get('country')).toBe('GB');
    expect(form.get('documentType')).toBe('passport');
    expect((form.get('front') as File).name).toBe('front.jpg');
    expect((form.get('hand') as File).name).toBe('hand.png');
    expect((form.get('signature') as File).name).toBe('signature.jp2');
    expect(form.has('back')).toBe(false);
  });

  it('shows the server’s answer about the images in the form', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => reply(null, 10127, 400));
    vi.stubGlobal('fetch', fetchMock);
    const onSubmitted = vi.fn();
    await renderProfile(
      <KycForm
        initial={{
          ...EMPTY_DRAFT,
          firstName: 'Amy',
          lastName: 'Lee',
          sex: 'female',
          birthdate: '1990-01-01',
          country: 'GB',
          address: '1 High Street',
          phone: '+44 7700 900123',
          documentType: 'passport',
        }}
        onSubmitted={onSubmitted}
        onStatusChanged={vi.fn()}
      />,
    );
    const jp2 = () => new File([new Uint8Array([0xff, 0x4f, 0xff, 0x51, 0, 0x2f, 1, 2])], 'x.j2k');
    for (const slot of ['front', 'hand', 'signature']) {
      fireEvent.change(screen.getByTestId(`file-${slot}`), { target: { files: [jp2()] } });
      await waitFor(() =>
        expect(document.querySelector(`[data-slot="${slot}"]`)?.getAttribute('data-filled')).toBe(
          'true',
        ),
      );
    }
    fireEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
    await waitFor(() =>
      expect(screen.getByTestId('kyc-form-errors').textContent).toContain(
        'Please upload every required image.',
      ),
    );
    expect(onSubmitted).not.toHaveBeenCalled();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/swx/customer/user/identification');
    expect(init?.body).toBeInstanceOf(FormData);
    const body = init?.body as FormData;
    expect(body.get('firstName')).toBe('Amy');
    expect(body.get('country')).toBe('GB');
    expect([...body.keys()].filter((k) => body.get(k) instanceof Blob).sort()).toEqual([
      'front',
      'hand',
      'signature',
    ]);
    expect((init?.headers as Record<string, string>)['content-type']).toBeUndefined();
  });
});
