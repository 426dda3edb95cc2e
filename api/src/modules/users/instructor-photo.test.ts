import sharp from 'sharp';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { makeClass } from '../../../test/classes.js';
import { makeUser, Role } from '../../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const SUMMARY = `query($id: ID!) { classInstance(id: $id) { instructor { id name bio photoUrl } } }`;

/** A real image of the given kind (a 640×480 gradient, so it has something to crop). */
function image(format: 'jpeg' | 'png' | 'webp' | 'gif', width = 640, height = 480): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) pixels[i] = (i / 3) % 256;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

const upload = (id: string, body: Buffer, token?: string, type = 'application/octet-stream') =>
  fetch(`${t.url}/api/instructors/${id}/photo`, {
    method: 'PUT',
    headers: { 'content-type': type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: new Uint8Array(body),
  });
const photo = (path: string, headers: Record<string, string> = {}) => fetch(`${t.url}${path}`, { headers });

describe('instructor photos', () => {
  it('stores an upload as a square WebP and serves it to anyone, cached under its versioned address', async () => {
    const instructor = await makeUser(t, { role: Role.instructor });
    const c = await makeClass(t, { instructorId: instructor.user.id });
    expect((await t.gql(SUMMARY, { id: c.id })).data?.classInstance.instructor.photoUrl).toBeNull();

    const res = await upload(instructor.user.id, await image('jpeg'), instructor.token, 'image/jpeg');
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { id: string; photoUrl: string };
    expect(answer.photoUrl).toMatch(new RegExp(`^/api/instructors/${instructor.user.id}/photo\\?v=[0-9a-z]+$`));
    expect((await t.gql(SUMMARY, { id: c.id })).data?.classInstance.instructor.photoUrl).toBe(answer.photoUrl);
    // The schedule (a read model of its own) shows it too.
    const schedule = await t.gql(`query($d: String!) { classSchedule(from: $d, to: $d) { id instructor { photoUrl } } }`, { d: c.date });
    expect(schedule.data?.classSchedule.find((row: { id: string }) => row.id === c.id).instructor.photoUrl).toBe(answer.photoUrl);

    const served = await photo(answer.photoUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const stored = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 384, height: 384 });
    // Another version's address revalidates; the same bytes answer 304 to their ETag.
    const unversioned = await photo(`/api/instructors/${instructor.user.id}/photo`);
    expect(unversioned.headers.get('cache-control')).toBe('public, no-cache');
    const etag = unversioned.headers.get('etag')!;
    // (fetch asks with no-cache when it sees a condition, as a reload would: a browser revalidating says max-age=0.)
    const revalidated = await photo(`/api/instructors/${instructor.user.id}/photo`, {
      'if-none-match': etag,
      'cache-control': 'max-age=0',
    });
    expect(revalidated.status).toBe(304);
  });

  it('takes PNG and WebP too; a new photo gets a new address', async () => {
    const teacher = await makeUser(t, { role: Role.teacher });
    const png = (await (await upload(teacher.user.id, await image('png'), teacher.token)).json()) as { photoUrl: string };
    const webp = (await (await upload(teacher.user.id, await image('webp', 200, 900), teacher.token)).json()) as { photoUrl: string };
    expect(webp.photoUrl).not.toBe(png.photoUrl);
    expect((await photo(png.photoUrl)).headers.get('cache-control')).toBe('public, no-cache');
  });

  it('goes by the bytes: other formats, a renamed text file and a broken JPEG are refused with 400', async () => {
    const instructor = await makeUser(t, { role: Role.instructor });
    const refused = async (body: Buffer, type: string) => {
      const res = await upload(instructor.user.id, body, instructor.token, type);
      return { status: res.status, text: await res.text() };
    };
    expect(await refused(await image('gif'), 'image/jpeg')).toEqual({
      status: 400,
      text: 'photo: The photo must be a JPEG, PNG or WebP image.',
    });
    expect(await refused(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png')).toMatchObject({ status: 400 });
    const jpeg = await image('jpeg');
    expect(await refused(jpeg.subarray(0, 200), 'image/jpeg')).toEqual({
      status: 400,
      text: 'photo: The photo could not be read. Try another JPEG, PNG or WebP image.',
    });
    expect(await refused(Buffer.alloc(0), 'image/jpeg')).toMatchObject({ status: 400 });
  });

  it('refuses a file over 5 MB with 413 before reading it all', async () => {
    const instructor = await makeUser(t, { role: Role.instructor });
    const big = Buffer.concat([await image('jpeg'), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(instructor.user.id, big, instructor.token, 'image/jpeg');
    expect(res.status).toBe(413);
    expect(await res.text()).toBe('The photo is larger than 5 MB.');
  });

  it('lets staff change their own photo and admins anyone’s; members and other instructors may not', async () => {
    const instructor = await makeUser(t, { role: Role.instructor });
    const other = await makeUser(t, { role: Role.teacher });
    const admin = await makeUser(t, { role: Role.admin });
    const student = await makeUser(t);
    const jpeg = await image('jpeg');
    expect((await upload(instructor.user.id, jpeg)).status).toBe(401);
    expect((await upload(instructor.user.id, jpeg, student.token)).status).toBe(403);
    expect(await (await upload(instructor.user.id, jpeg, other.token)).text()).toBe('You can change only your own instructor profile.');
    expect((await upload(instructor.user.id, jpeg, admin.token)).status).toBe(200);
    // A member has no instructor profile: nothing to put a photo on.
    expect((await upload(student.user.id, jpeg, admin.token)).status).toBe(404);
    expect((await photo(`/api/instructors/${student.user.id}/photo`)).status).toBe(404);
  });

  it('removes a photo: the initials show again and the address is gone', async () => {
    const instructor = await makeUser(t, { role: Role.instructor });
    const { photoUrl } = (await (await upload(instructor.user.id, await image('png'), instructor.token)).json()) as { photoUrl: string };
    const removed = await t.gql(
      `mutation($id: ID!) { removeInstructorPhoto(userId: $id) { id photoUrl } }`,
      { id: instructor.user.id },
      { token: instructor.token },
    );
    expect(removed.data?.removeInstructorPhoto).toEqual({ id: instructor.user.id, photoUrl: null });
    expect((await photo(photoUrl)).status).toBe(404);
  });

  it('takes the photo as base64 over GraphQL too', async () => {
    const instructor = await makeUser(t, { role: Role.instructor });
    const res = await t.gql(
      `mutation($id: ID!, $photo: Byte!) { setInstructorPhoto(userId: $id, photo: $photo) { photoUrl } }`,
      { id: instructor.user.id, photo: (await image('webp')).toString('base64') },
      { token: instructor.token },
    );
    expect(res.data?.setInstructorPhoto.photoUrl).toMatch(/\?v=/);
  });
});
