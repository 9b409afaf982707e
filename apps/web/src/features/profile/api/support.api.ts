import {
  getSupportConversation,
  getSupportUnread,
  leaveSupportMessage,
  listSupportMessages,
  readSupport,
  sendSupportImage,
  sendSupportMessage,
  SUPPORT_IMAGE_PATH,
} from '@swx/contract';
import { api, fetchPrivateFile } from '../../../shared/api/api';
import { fillPath } from '../../../shared/api/request-url';

/** Typed calls of online support (the customer's side). */
export const supportApi = {
  conversation: (signal?: AbortSignal) => api.call(getSupportConversation, {}, { signal }),
  older: (before: number, signal?: AbortSignal) =>
    api.call(listSupportMessages, { query: { before } }, { signal }),
  send: (text: string, idempotencyKey: string) =>
    api.call(sendSupportMessage, { body: { text } }, { idempotencyKey }),
  sendImage: (image: Blob, idempotencyKey: string) => {
    const form = new FormData();
    const extension = image.type === 'image/png' ? 'png' : 'jpg';
    form.set('image', new File([image], `image.${extension}`, { type: image.type }));
    return api.call(sendSupportImage, {}, { formData: form, idempotencyKey });
  },
  read: (upTo: number) => api.call(readSupport, { body: { upTo } }),
  unread: (signal?: AbortSignal) => api.call(getSupportUnread, {}, { signal }),
  image: (id: number, signal: AbortSignal) =>
    fetchPrivateFile(fillPath(SUPPORT_IMAGE_PATH, { id }), signal),
  leave: (body: { email: string; name?: string; text: string }) =>
    api.call(leaveSupportMessage, { body }),
};
