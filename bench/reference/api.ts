/**
 * What the reference pages share: the signed-in session's token (the bench stores it as the app
 * does) and the one list call, the same query the app's product list sends first.
 */
export const PAGE_SIZE = 10;

export interface ProductRow {
  id: number;
  name: string;
  model: string | null;
  status: number;
  created_at: string;
  brand: { name: string } | null;
  other_brand: string | null;
  category: { name: string };
}

export interface ProductPage {
  data: ProductRow[];
  meta: { total: number };
}

export async function fetchProducts(page: number, sort: string, order: 'asc' | 'desc'): Promise<ProductPage> {
  const query = new URLSearchParams({
    page: String(page),
    per_page: String(PAGE_SIZE),
    sort,
    order,
  });
  const response = await fetch(`/api/products?${query}`, {
    headers: {
      accept: 'application/json',
      authorization: `Bearer ${localStorage.getItem('auth.access_token') ?? ''}`,
    },
  });
  if (!response.ok) throw new Error(`GET /api/products: ${response.status}`);
  return (await response.json()) as ProductPage;
}
