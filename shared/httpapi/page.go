package httpapi

import (
	"net/http"
	"strconv"

	"zuum/shared/failure"
)

// Paging defaults: the spec's page size, and the most one request may ask for.
const (
	DefaultLimit = 10
	MaxLimit     = 50
)

// PageRequest is a list call's paging: how many items, from where (an opaque cursor from the
// previous page's `next`), and the page number that cursor stands for.
type PageRequest struct {
	Limit  int
	Cursor string
	// Page is the 1-based page number: with a cursor it labels the page the cursor starts;
	// without one, pages before it are walked (clients follow `next` instead).
	Page int
}

// ErrBadLimit and ErrBadPage refuse paging parameters outside their range.
var (
	ErrBadLimit  = failure.New(failure.Invalid, "limit must be between 1 and 50.")
	ErrBadPage   = failure.New(failure.Invalid, "page must be a positive number.")
	ErrBadCursor = failure.New(failure.Invalid, "Invalid cursor.")
)

// ParsePage reads limit, cursor and page from r's query.
func ParsePage(r *http.Request) (PageRequest, error) {
	q := r.URL.Query()
	p := PageRequest{Limit: DefaultLimit, Cursor: q.Get("cursor"), Page: 1}
	if s := q.Get("limit"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > MaxLimit {
			return PageRequest{}, ErrBadLimit
		}
		p.Limit = n
	}
	if s := q.Get("page"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			return PageRequest{}, ErrBadPage
		}
		p.Page = n
	}
	return p, nil
}

// Pagination is the paging object every list answers with (spec part 1 §3, plus next).
type Pagination struct {
	Total       int64   `json:"total"`
	TotalPages  int64   `json:"totalPages"`
	CurrentPage int     `json:"currentPage"`
	HasNext     bool    `json:"hasNext"`
	HasPrev     bool    `json:"hasPrev"`
	Next        *string `json:"next"`
}

// NewPagination describes page p of a list of total items; next is the cursor of the page
// after it, "" when there is none.
func NewPagination(total int64, p PageRequest, next string) Pagination {
	out := Pagination{Total: total, CurrentPage: p.Page, HasPrev: p.Page > 1, HasNext: next != ""}
	if p.Limit > 0 {
		out.TotalPages = (total + int64(p.Limit) - 1) / int64(p.Limit)
	}
	if next != "" {
		out.Next = &next
	}
	return out
}
