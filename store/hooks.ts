import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, RootState } from './index';

/** The only way components read and write the store (raw useSelector/useDispatch are linted out). */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
