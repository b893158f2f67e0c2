package ledger

import "context"

// FirstAnswer reads the idempotency item of key as the HTTP layer replays it (httpapi.Answers):
// the hash of the request that used the key first and the answer it got; found is false while
// the key is new.
func (s *Store) FirstAnswer(ctx context.Context, key string) (hash string, status int, body []byte, found bool, err error) {
	o, found, err := s.Once(ctx, key)
	return o.Hash, o.Status, o.Body, found, err
}
