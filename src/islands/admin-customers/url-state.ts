// The admin customers page keeps its search, page and open customer in the URL, so a reload or a
// shared link shows the same view.

export interface CustomersView {
  email: string;
  name: string;
  page: number;
  customer: string;
}

export function readView(search: string): CustomersView {
  const params = new URLSearchParams(search);
  const page = Number(params.get('page'));
  return {
    email: params.get('email') ?? '',
    name: params.get('name') ?? '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
    customer: params.get('customer') ?? '',
  };
}

export function viewSearch(view: CustomersView): string {
  const params = new URLSearchParams();
  if (view.email) params.set('email', view.email);
  if (view.name) params.set('name', view.name);
  if (view.page > 1) params.set('page', String(view.page));
  if (view.customer) params.set('customer', view.customer);
  const text = params.toString();
  return text ? `?${text}` : '';
}
