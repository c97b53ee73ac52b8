import { Spinner } from '../ui/Spinner';
import { BrandMark, PRODUCT_NAME } from './Brand';

/** Full-screen branded loading view, shown until authentication has loaded. */
export function LoadingScreen({ message = 'Loading...' }: { message?: string }) {
  return (
    <div
      className="flex min-h-dvh flex-col items-center justify-center gap-5 bg-background px-6 text-center"
      aria-busy="true"
    >
      <BrandMark className="size-14 rounded-2xl shadow-lg" />
      <div className="flex flex-col items-center gap-1">
        <span className="text-xl font-bold tracking-tight">{PRODUCT_NAME}</span>
        <span className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <Spinner size="sm" label="" className="text-primary" />
          {message}
        </span>
      </div>
    </div>
  );
}
