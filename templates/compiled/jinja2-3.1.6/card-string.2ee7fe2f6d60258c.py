from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = None

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_deck = resolve('deck')
    l_0_number = resolve('number')
    l_0_total = resolve('total')
    l_0_card = resolve('card')
    try:
        t_1 = environment.filters['format']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'format' found.")
    pass
    yield str(environment.getattr((undefined(name='deck') if l_0_deck is missing else l_0_deck), 'code'))
    yield ' '
    yield str(t_1('%03d', (undefined(name='number') if l_0_number is missing else l_0_number)))
    yield '/'
    yield str(t_1('%03d', (undefined(name='total') if l_0_total is missing else l_0_total)))
    if (environment.getattr((undefined(name='card') if l_0_card is missing else l_0_card), 'copies') > 1):
        pass
        yield '  ×'
        yield str(environment.getattr((undefined(name='card') if l_0_card is missing else l_0_card), 'copies'))

blocks = {}
debug_info = '1=21'
