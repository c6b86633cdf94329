import { ToastContainer, toast } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import './toasts.css';

export { toast };

export default function SiteToastContainer() {
  return (
    <ToastContainer position="top-right" autoClose={5000} theme="light" draggablePercent={80} />
  );
}
