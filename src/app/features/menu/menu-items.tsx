import type { MenuEntry } from './localize-menu.ts';

/** A list of dishes: name, ingredients (when any) and price. */
export function MenuItems({ items }: { items: MenuEntry[] }) {
  return (
    <ul className="menu-items">
      {items.map((item) => (
        <li key={item.id} className="menu-item">
          <div className="menu-item__text">
            <span className="menu-item__name">{item.name}</span>
            {item.ingredients && <span className="menu-item__ingredients">{item.ingredients}</span>}
          </div>
          <span className="menu-item__price">{item.price}</span>
        </li>
      ))}
    </ul>
  );
}
