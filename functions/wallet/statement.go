package wallet

import (
	"encoding/csv"
	"errors"
	"net/http"
	"strings"
	"time"

	"zuum/shared/failure"
	"zuum/shared/httpapi"
	"zuum/shared/ledger"
	"zuum/shared/notify"
)

// Limits of a statement: a range of at most MaxStatementDays calendar days in Lagos, holding at
// most MaxStatementEntries entries (about 3 MB of CSV at the longest rows, under the 6 MB a
// Lambda may answer).
const (
	MaxStatementDays    = 366
	MaxStatementEntries = 10_000
)

// StatementHeader is the statement's first row.
var StatementHeader = []string{"date", "type", "direction", "amount", "counterparty", "status", "reference"}

// statementTime is how a statement writes an entry's time: Lagos's wall clock, which
// spreadsheets read as a date and time.
const statementTime = "2006-01-02 15:04:05"

var (
	errFromDate     = failure.New(failure.Invalid, "from must be a date (YYYY-MM-DD).")
	errToDate       = failure.New(failure.Invalid, "to must be a date (YYYY-MM-DD).")
	errRangeOrder   = failure.New(failure.Invalid, "from must not be after to.")
	errRangeLength  = failure.New(failure.Invalid, "A statement covers at most 366 days.")
	errRangeEntries = failure.New(failure.Invalid, "The range holds more than 10000 entries; ask for a shorter one.")
)

// statementRange reads from and to (calendar days in Lagos, both included) as the instants
// [start, end).
func statementRange(r *http.Request) (start, end time.Time, err error) {
	q := r.URL.Query()
	from, err := time.ParseInLocation(time.DateOnly, q.Get("from"), notify.Lagos)
	if err != nil {
		return start, end, errFromDate
	}
	to, err := time.ParseInLocation(time.DateOnly, q.Get("to"), notify.Lagos)
	if err != nil {
		return start, end, errToDate
	}
	switch {
	case from.After(to):
		return start, end, errRangeOrder
	case to.Sub(from) >= MaxStatementDays*24*time.Hour: // Lagos keeps no daylight saving
		return start, end, errRangeLength
	}
	return from, to.AddDate(0, 0, 1), nil
}

// statement answers the caller's entries between from and to as CSV, oldest first, for an
// accountant's spreadsheet.
func (h *Handler) statement(w http.ResponseWriter, r *http.Request) {
	me, _ := httpapi.PrincipalFrom(r.Context())
	start, end, err := statementRange(r)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	entries, err := h.ledger.Between(r.Context(), me.UserID, start, end, MaxStatementEntries)
	if errors.Is(err, ledger.ErrTooManyEntries) {
		err = errRangeEntries
	}
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	var b strings.Builder
	out := csv.NewWriter(&b)
	_ = out.Write(StatementHeader) // a strings.Builder does not fail
	for _, e := range entries {
		direction, amount := "in", e.Amount
		if amount < 0 {
			direction, amount = "out", -amount
		}
		_ = out.Write([]string{
			e.At.In(notify.Lagos).Format(statementTime), e.Type, direction, amount.Decimal(),
			cell(e.Counterparty), e.Status, cell(e.Reference),
		})
	}
	out.Flush()
	name := "zuum-statement-" + start.Format(time.DateOnly) + "-to-" + end.AddDate(0, 0, -1).Format(time.DateOnly) + ".csv"
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write([]byte(b.String()))
}

// cell makes text that others wrote (a payer's name from the bank, a reference) safe to open in a
// spreadsheet: a cell starting with = + - @ (or a tab or carriage return, which some spreadsheets
// skip before reading a formula) is prefixed with ', so it reads as text, never as a formula.
func cell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}
