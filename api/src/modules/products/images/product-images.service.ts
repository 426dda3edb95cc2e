import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { MAX_PRODUCT_IMAGES } from '@studio/rules';
import { conflict } from '../../../graphql/errors.js';
import { log } from '../../../logger.js';
import type { FileStorage } from '../../../storage/index.js';
import { User } from '../../users/user.entity.js';
import { imageKey, processProductImage } from '../product-image.js';
import { Product, ProductImage } from '../product.entity.js';
import { assertMayManageProduct } from '../product.policy.js';
import type { ProductAdminService } from '../admin/product-admin.service.js';

/** A product's images, kept in file storage: added, removed, one made the cover. */
export class ProductImageService {
  constructor(
    private readonly storage: FileStorage,
    private readonly admin: ProductAdminService,
  ) {}

  /** Adds a picture (checked and scaled first; the files are stored before the row that names them). */
  async addImage(em: EntityManager, actor: User, productId: string, bytes: Buffer): Promise<Product> {
    assertMayManageProduct(actor, await em.findOne(Product, { id: productId }));
    const processed = await processProductImage(bytes);
    const image = em.create(ProductImage, { product: productId, width: processed.width, height: processed.height });
    await this.storage.put(imageKey(image.id, 'full'), processed.full, 'image/webp');
    await this.storage.put(imageKey(image.id, 'thumb'), processed.thumb, 'image/webp');
    try {
      await em.transactional(async (tx) => {
        await tx.findOneOrFail(Product, { id: productId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        const [{ count, last }] = await tx
          .getConnection()
          .execute<{ count: number; last: number | null }[]>(
            'select count(*)::int as count, max(sort_order) as last from product_image where product_id = ?',
            [productId],
            'all',
            tx.getTransactionContext(),
          );
        if (count >= MAX_PRODUCT_IMAGES) {
          const message = `A product has at most ${MAX_PRODUCT_IMAGES} images; remove one first.`;
          throw conflict(message, { image: message });
        }
        image.sortOrder = (last ?? -1) + 1;
        tx.persist(image);
      });
    } catch (err) {
      await this.deleteImageFiles(image.id);
      throw err;
    }
    return this.admin.adminProduct(em.fork(), actor, productId);
  }

  /** Removes a picture; its files go once the row is gone. */
  async removeImage(em: EntityManager, actor: User, imageId: string): Promise<Product> {
    const image = await em.findOne(ProductImage, { id: imageId }, { populate: ['product'] });
    assertMayManageProduct(actor, image?.product ?? null);
    const productId = image!.product.id;
    await em.remove(image!).flush();
    await this.deleteImageFiles(imageId);
    return this.admin.adminProduct(em.fork(), actor, productId);
  }

  /** Makes a picture the product's cover (the first). */
  async makeCover(em: EntityManager, actor: User, imageId: string): Promise<Product> {
    const image = await em.findOne(ProductImage, { id: imageId }, { populate: ['product'] });
    assertMayManageProduct(actor, image?.product ?? null);
    const productId = image!.product.id;
    await em
      .getConnection()
      .execute(
        'update product_image set sort_order = (select coalesce(min(sort_order), 0) - 1 from product_image where product_id = ?) where id = ?',
        [productId, imageId],
      );
    return this.admin.adminProduct(em.fork(), actor, productId);
  }

  private async deleteImageFiles(imageId: string): Promise<void> {
    for (const size of ['full', 'thumb'] as const)
      await this.storage
        .delete(imageKey(imageId, size))
        .catch((err: Error) => log.warn('could not delete an image file; it is left behind', { imageId, message: err.message }));
  }
}
