package flutterwave

import (
	"encoding/json"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"

	"zuum/shared/payment"
)

// TransactionsPerPage is how many transactions a page of GET /v3/transactions holds.
const TransactionsPerPage = 10

// listTransactions is v3 GET /transactions (developer.flutterwave.com "Get transactions"): the
// merchant's pay-ins, newest first, filtered by from and to (YYYY-MM-DD, days inclusive, in the
// provider's Lagos time), status and tx_ref, a page at a time (page, from 1), with
// meta.page_info {total, current_page, total_pages}. The reconcilers use it to find pay-ins
// whose webhook never came.
func (s *Sandbox) listTransactions(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	var from, to time.Time
	for _, d := range []struct {
		name string
		into *time.Time
	}{{"from", &from}, {"to", &to}} {
		if v := q.Get(d.name); v != "" {
			t, err := time.ParseInLocation("2006-01-02", v, payment.Lagos)
			if err != nil {
				fail(w, http.StatusBadRequest, d.name+" must be a date (YYYY-MM-DD)")
				return
			}
			*d.into = t
		}
	}
	page := 1
	if v := q.Get("page"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			fail(w, http.StatusBadRequest, "page must be a number from 1")
			return
		}
		page = n
	}
	status, ref := strings.ToLower(q.Get("status")), q.Get("tx_ref")
	var found []transaction
	s.mu.Lock()
	for _, t := range s.txs {
		switch {
		case !from.IsZero() && t.CreatedAt.Before(from),
			!to.IsZero() && !t.CreatedAt.Before(to.AddDate(0, 0, 1)),
			status != "" && t.Status != status,
			ref != "" && t.TxRef != ref:
			continue
		}
		found = append(found, *t)
	}
	s.mu.Unlock()
	sort.Slice(found, func(i, j int) bool { return found[i].ID > found[j].ID })
	pages := (len(found) + TransactionsPerPage - 1) / TransactionsPerPage
	out := []map[string]any{}
	for i := (page - 1) * TransactionsPerPage; i < len(found) && i < page*TransactionsPerPage; i++ {
		out = append(out, transactionJSON(&found[i]))
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	_ = json.NewEncoder(w).Encode(map[string]any{
		"status": "success", "message": "Transactions fetched", "data": out,
		"meta": map[string]any{"page_info": map[string]any{"total": len(found), "current_page": page, "total_pages": pages}},
	})
}
