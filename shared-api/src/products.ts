import { apiList, apiRequest, type Page } from './client';
import type { Marketplace, ProductStatus, ReviewType } from './contract/constants';
import type { Product, ProductDeleteResponse, ProductInput, ProductUpdateInput } from './contract/schemas';

export interface ListParams {
  page?: number;
  limit?: number;
}

export interface ProductFilter extends ListParams {
  marketPlace?: Marketplace;
  reviewType?: ReviewType;
  keyword?: string;
  /** narrows an admin's or manager's list (/api/manager/products, /api/products/filter) to one status */
  status?: Extract<ProductStatus, 'pending' | 'approved'>;
}

export const fetchApprovedProducts = (params: ProductFilter = {}): Promise<Page<Product>> =>
  apiList<Product>('/api/products/approved', { ...params });

export const fetchManagerProducts = (params: ProductFilter = {}): Promise<Page<Product>> =>
  apiList<Product>('/api/manager/products', { ...params });

export const fetchPendingProducts = (params: ProductFilter = {}): Promise<Page<Product>> =>
  apiList<Product>('/api/products/pending', { ...params });

export const filterProducts = (params: ProductFilter = {}): Promise<Page<Product>> =>
  apiList<Product>('/api/products/filter', { ...params });

export async function fetchProduct(id: string): Promise<Product> {
  const { data } = await apiRequest<Product>(`/api/products/${encodeURIComponent(id)}/singleproduct`);
  return data;
}

export async function createProduct(input: ProductInput): Promise<Product> {
  const { data } = await apiRequest<Product>('/api/products', { method: 'POST', data: input });
  return data;
}

/** `input.version`: the product's as loaded, so a save over someone else's change is refused (409), not lost. */
export async function updateProduct(id: string, input: ProductUpdateInput): Promise<Product> {
  const { data } = await apiRequest<Product>(`/api/products/${encodeURIComponent(id)}/update`, {
    method: 'PUT',
    data: input,
  });
  return data;
}

export async function approveProduct(id: string): Promise<Product> {
  const { data } = await apiRequest<Product>(`/api/products/${encodeURIComponent(id)}/approve`, { method: 'PUT' });
  return data;
}

/** Deletes a product, or archives it when it has orders (the answer says which). */
export async function deleteProduct(id: string): Promise<ProductDeleteResponse> {
  const { data } = await apiRequest<ProductDeleteResponse>(`/api/products/${encodeURIComponent(id)}/delete`, {
    method: 'DELETE',
  });
  return data;
}
