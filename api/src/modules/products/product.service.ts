import type { EntityManager } from '@mikro-orm/postgresql';
import { likePattern } from '../../common/paging.js';
import { badInput } from '../../graphql/errors.js';
import type { FileStorage } from '../../storage/index.js';
import type { NotificationService } from '../notifications/notification.service.js';
import { User } from '../users/user.entity.js';
import { Product, ProductCategory, ProductVariant } from './product.entity.js';
import { assertMayBuyProduct, catalogueScope } from './product.policy.js';
import { CatalogueFilter } from './product-data.js';
import { ProductStockService } from './stock/product-stock.service.js';
import { ProductAdminService } from './admin/product-admin.service.js';
import { ProductImageService } from './images/product-images.service.js';

export * from './product-data.js';

/**
 * The catalogue, stock and the admin's products, one part each: the shop's catalogue here, stock/ (conditional
 * updates and low-stock alerts), admin/ (/admin/merch) and images/; this class answers for them.
 */
export class ProductService {
  readonly stock: ProductStockService;
  readonly admin: ProductAdminService;
  readonly images: ProductImageService;

  constructor(
    notifications: NotificationService,
    readonly storage: FileStorage,
  ) {
    this.stock = new ProductStockService(notifications);
    this.admin = new ProductAdminService();
    this.images = new ProductImageService(storage, this.admin);
  }

  takeStock: ProductStockService['takeStock'] = (...args) => this.stock.takeStock(...args);
  returnStock: ProductStockService['returnStock'] = (...args) => this.stock.returnStock(...args);
  returnLinesSql: ProductStockService['returnLinesSql'] = (...args) => this.stock.returnLinesSql(...args);
  stockOf: ProductStockService['stockOf'] = (...args) => this.stock.stockOf(...args);
  adjustStock: ProductStockService['adjustStock'] = (...args) => this.stock.adjustStock(...args);
  stockHistory: ProductStockService['stockHistory'] = (...args) => this.stock.stockHistory(...args);
  adminList: ProductAdminService['adminList'] = (...args) => this.admin.adminList(...args);
  adminProduct: ProductAdminService['adminProduct'] = (...args) => this.admin.adminProduct(...args);
  createProduct: ProductAdminService['createProduct'] = (...args) => this.admin.createProduct(...args);
  updateProduct: ProductAdminService['updateProduct'] = (...args) => this.admin.updateProduct(...args);
  setActive: ProductAdminService['setActive'] = (...args) => this.admin.setActive(...args);
  addImage: ProductImageService['addImage'] = (...args) => this.images.addImage(...args);
  removeImage: ProductImageService['removeImage'] = (...args) => this.images.removeImage(...args);
  makeCover: ProductImageService['makeCover'] = (...args) => this.images.makeCover(...args);

  /** Shop products by category and search text, with their variants and images; archived ones for admins only. */
  async catalogue(em: EntityManager, actor: User, filter: CatalogueFilter): Promise<Product[]> {
    const search = filter.search?.trim();
    return em.find(
      Product,
      {
        $and: [
          catalogueScope(actor),
          filter.category ? { category: filter.category } : {},
          search ? { $or: [{ name: { $ilike: likePattern(search) } }, { description: { $ilike: likePattern(search) } }] } : {},
        ],
      },
      { populate: ['variants', 'images'], orderBy: { category: 'asc', name: 'asc', id: 'asc' } },
    );
  }

  /** The variant a member may buy; `variantId` may be left out for a product with a single variant. */
  async variantForSale(em: EntityManager, productId: string, variantId?: string | null): Promise<ProductVariant> {
    const product = await em.findOne(Product, { id: productId }, { populate: ['variants'] });
    assertMayBuyProduct(product);
    const variants = product.variants.getItems();
    if (variantId) {
      const variant = variants.find((v) => v.id === variantId);
      if (!variant) throw badInput('Choose one of the listed options.', { variantId: 'Choose one of the listed options.' });
      return variant;
    }
    if (variants.length !== 1) {
      const kind = product.category === ProductCategory.merchandise ? 'a size' : 'an option';
      throw badInput(`Choose ${kind} first.`, { variantId: `Choose ${kind}.` });
    }
    return variants[0];
  }
}
