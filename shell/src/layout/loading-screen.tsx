/** A small loading state (session boot, a lazy page, a remote on its way). */
export function LoadingScreen({ label = 'Loading...' }: { label?: string }) {
  return (
    <p className="loading-screen" role="status">
      {label}
    </p>
  );
}
