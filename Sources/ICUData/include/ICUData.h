// Nothing to call: the target only carries ICU's data symbol (see icu_data.S).
