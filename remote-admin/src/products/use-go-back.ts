import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** Back to the previous page, or to the product list when the form was opened directly. */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  // the first page of a visit has the key 'default': there is nothing to go back to
  const hasHistory = location.key !== 'default';
  return useCallback(() => {
    if (hasHistory) navigate(-1);
    else navigate('/admin/products');
  }, [hasHistory, navigate]);
}
