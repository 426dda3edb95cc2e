import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { makeUser, Role, type MadeUser } from '../../../test/factories.js';
import { startS3StandIn, type S3StandIn } from '../../../test/s3-standin.js';
import { makeProduct } from '../../../test/shop.js';

/** A real image of the given kind (a 900×600 gradient, so it has something to scale and crop). */
function image(format: 'jpeg' | 'png' | 'webp' | 'gif', width = 900, height = 600): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) pixels[i] = (i / 3) % 256;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

const IMAGES = `id url thumbnailUrl width height`;

function suite(
  name: string,
  storage: () => Promise<{ env: Record<string, string>; stored: (t: TestApp, imageId: string) => boolean; close?: () => Promise<void> }>,
) {
  describe(name, () => {
    let t: TestApp;
    let admin: MadeUser;
    let member: MadeUser;
    let stored: (t: TestApp, imageId: string) => boolean;
    let close: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      const s = await storage();
      stored = s.stored;
      close = s.close;
      t = await startTestApp(s.env);
      admin = await makeUser(t, { role: Role.admin });
      member = await makeUser(t);
    });
    afterAll(async () => {
      await t.close();
      await close?.();
    });

    const upload = (productId: string, body: Buffer, token?: string) =>
      fetch(`${t.url}/api/products/${productId}/images`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: new Uint8Array(body),
      });

    it('stores an upload scaled down with a square thumbnail, served to anyone and cached for good', async () => {
      const product = await makeProduct(t);
      const res = await upload(product.id, await image('png', 2400, 1600), admin.token);
      expect(res.status).toBe(200);
      const answer = (await res.json()) as {
        id: string;
        images: { id: string; url: string; thumbnailUrl: string; width: number; height: number }[];
      };
      expect(answer.images).toHaveLength(1);
      const [img] = answer.images;
      expect(img).toMatchObject({ width: 1200, height: 800, url: `/api/product-images/${img.id}/full.webp` });
      expect(stored(t, img.id)).toBe(true);

      const thumb = await fetch(`${t.url}${img.thumbnailUrl}`);
      expect(thumb.status).toBe(200);
      expect(thumb.headers.get('content-type')).toBe('image/webp');
      expect(thumb.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 320, height: 320 });
      const full = await fetch(`${t.url}${img.url}`);
      expect(await sharp(Buffer.from(await full.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 800 });

      // The shop and the cart show the cover.
      const shop = await t.gql(
        `query($s: String) { products(search: $s) { id coverImage { thumbnailUrl } } }`,
        { s: product.name },
        { token: member.token },
      );
      expect(shop.data!.products[0].coverImage.thumbnailUrl).toBe(img.thumbnailUrl);
      await t.gql(`mutation($p: ID!) { addProductToCart(productId: $p, quantity: 1) { id } }`, { p: product.id }, { token: member.token });
      const cart = await t.gql(`{ productCart { product { coverImage { thumbnailUrl } } } }`, {}, { token: member.token });
      expect(cart.data!.productCart[0].product.coverImage.thumbnailUrl).toBe(img.thumbnailUrl);
    });

    it('keeps several images, makes one the cover and removes one with its files', async () => {
      const product = await makeProduct(t);
      await upload(product.id, await image('jpeg'), admin.token);
      const second = (await (await upload(product.id, await image('webp'), admin.token)).json()) as { images: { id: string }[] };
      const [first, last] = second.images;
      const cover = await t.gql(
        `mutation($id: ID!) { makeProductImageCover(imageId: $id) { images { id } coverImage { id } } }`,
        { id: last.id },
        { token: admin.token },
      );
      expect(cover.data!.makeProductImageCover.images.map((i: { id: string }) => i.id)).toEqual([last.id, first.id]);
      const removed = await t.gql(
        `mutation($id: ID!) { removeProductImage(imageId: $id) { images { ${IMAGES} } } }`,
        { id: last.id },
        { token: admin.token },
      );
      expect(removed.data!.removeProductImage.images.map((i: { id: string }) => i.id)).toEqual([first.id]);
      expect(stored(t, last.id)).toBe(false);
      expect((await fetch(`${t.url}/api/product-images/${last.id}/thumb.webp`)).status).toBe(404);
    });

    it('takes a photo just under the 5 MB limit (a JPEG with trailing data)', async () => {
      const product = await makeProduct(t);
      const large = Buffer.concat([await image('jpeg'), Buffer.alloc(5 * 1024 * 1024 - 100 * 1024)]);
      const res = await upload(product.id, large, admin.token);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { images: unknown[] }).images).toHaveLength(1);
    });

    it('refuses files that are not JPEG, PNG or WebP by their bytes, unreadable ones, and ones over 5 MB', async () => {
      const product = await makeProduct(t);
      const refusal = async (body: Buffer) => {
        const res = await upload(product.id, body, admin.token);
        return [res.status, await res.text()];
      };
      expect(await refusal(await image('gif'))).toEqual([400, 'image: The image must be a JPEG, PNG or WebP file.']);
      expect(await refusal(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual([
        400,
        'image: The image must be a JPEG, PNG or WebP file.',
      ]);
      // A JPEG's first bytes on something that is not one.
      const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
      expect(await refusal(fake)).toEqual([400, 'image: The image could not be read. Try another JPEG, PNG or WebP file.']);
      expect(await refusal(Buffer.alloc(0))).toEqual([400, 'image: The image is empty.']);
      const huge = Buffer.concat([await image('jpeg'), Buffer.alloc(5 * 1024 * 1024)]);
      expect(await refusal(huge)).toEqual([413, 'The image is larger than 5 MB.']);
      const after = await t.gql(`query($id: ID!) { adminProduct(id: $id) { images { id } } }`, { id: product.id }, { token: admin.token });
      expect(after.data!.adminProduct.images).toEqual([]);
    });

    it('refuses signed-out callers, members and unknown products', async () => {
      const product = await makeProduct(t);
      const jpeg = await image('jpeg');
      expect((await upload(product.id, jpeg)).status).toBe(401);
      expect((await upload(product.id, jpeg, member.token)).status).toBe(403);
      expect((await upload('00000000-0000-4000-8000-000000000000', jpeg, admin.token)).status).toBe(404);
      expect((await upload('not-an-id', jpeg, admin.token)).status).toBe(400);
      expect((await fetch(`${t.url}/api/product-images/00000000-0000-4000-8000-000000000000/full.webp`)).status).toBe(404);
      expect((await fetch(`${t.url}/api/product-images/00000000-0000-4000-8000-000000000000/huge.webp`)).status).toBe(400);
    });

    it('keeps at most 8 images a product', async () => {
      const product = await makeProduct(t);
      const small = await image('jpeg', 40, 40);
      for (let i = 0; i < 8; i++) expect((await upload(product.id, small, admin.token)).status).toBe(200);
      const ninth = await upload(product.id, small, admin.token);
      expect(ninth.status).toBe(409);
      expect(await ninth.text()).toBe('image: A product has at most 8 images; remove one first.');
    });
  });
}

suite('product images in the local folder (DATA_DIR/uploads)', async () => ({
  env: {},
  stored: (t, id) => existsSync(path.join(t.app.services.env.dataDir, 'uploads', 'products', id, 'thumb.webp')),
}));

let s3: S3StandIn;
suite('product images in an S3-compatible bucket', async () => {
  s3 = await startS3StandIn();
  return {
    env: {
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_PREFIX: 'studio/',
    },
    stored: (_t, id) => s3.objects.has(`studio/products/${id}/thumb.webp`) && s3.objects.has(`studio/products/${id}/full.webp`),
    close: () => s3.close(),
  };
});
