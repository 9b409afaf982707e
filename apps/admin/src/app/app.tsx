import { RouterProvider } from 'react-router/dom';
import { Toaster } from '../shared/ui/toaster';
import { router } from './router';

export function App() {
  return (
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>
  );
}
