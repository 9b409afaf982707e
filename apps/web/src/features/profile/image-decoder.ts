import type { DecodedImage, ImageDeps } from './kyc-image.rules';

function canvasToBlob(canvas: HTMLCanvasElement, type: string, quality?: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('canvas could not encode'))),
      type,
      quality,
    );
  });
}

async function loadBitmap(blob: Blob): Promise<{
  source: CanvasImageSource;
  width: number;
  height: number;
  release: () => void;
}> {
  if (typeof createImageBitmap === 'function') {
    // Follows EXIF orientation, so a phone photo is not uploaded on its side.
    const bitmap = await createImageBitmap(blob, { imageOrientation: 'from-image' });
    return {
      source: bitmap,
      width: bitmap.width,
      height: bitmap.height,
      release: () => bitmap.close(),
    };
  }
  const url = URL.createObjectURL(blob);
  const img = new Image();
  img.decoding = 'async';
  img.src = url;
  try {
    await img.decode();
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
  return {
    source: img,
    width: img.naturalWidth,
    height: img.naturalHeight,
    release: () => URL.revokeObjectURL(url),
  };
}

/** The browser's decoder and a canvas JPEG encoder (on white, for transparent PNGs). */
export const canvasImageDeps: ImageDeps = {
  async decode(blob): Promise<DecodedImage | null> {
    const image = await loadBitmap(blob);
    if (image.width < 1 || image.height < 1) {
      image.release();
      return null;
    }
    const canvas = document.createElement('canvas');
    return {
      width: image.width,
      height: image.height,
      release: image.release,
      async encode(width, height, quality) {
        canvas.width = width;
        canvas.height = height;
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no 2d canvas');
        context.fillStyle = '#ffffff';
        context.fillRect(0, 0, width, height);
        context.imageSmoothingQuality = 'high';
        context.drawImage(image.source, 0, 0, width, height);
        return canvasToBlob(canvas, 'image/jpeg', quality);
      },
    };
  },
};

export { canvasToBlob };
