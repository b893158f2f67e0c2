package ledger

import "context"

// FirstRequest reads the idempotency item of key as the HTTP layer checks a retry against it
// (httpapi.Answers): the hash of the request that used the key first; found is false while the
// key is new. The answer itself is rebuilt from what the item names (Store.Once).
func (s *Store) FirstRequest(ctx context.Context, key string) (hash string, found bool, err error) {
	o, found, err := s.Once(ctx, key)
	return o.Hash, found, err
}
